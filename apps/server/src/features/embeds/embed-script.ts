import { createHash } from 'node:crypto';
import { STREAM_PATH } from '../live/routes';

/**
 * The one script every embed and overlay loads (a few hundred bytes, no bundle): it tells the
 * parent page its height, and on a relevant match change from the live stream fetches its own
 * page again and swaps in the new #embed-root. The page lists what it shows in data-watch
 * (match, team and event ids; empty means every change matters).
 */
const SOURCE = `(function () {
  var body = document.body;
  var root = document.getElementById('embed-root');
  function postHeight() {
    if (window.parent === window) return;
    window.parent.postMessage({ type: 'campus-elo:embed-height', height: Math.ceil(document.documentElement.scrollHeight) }, '*');
  }
  if (window.ResizeObserver) new ResizeObserver(postHeight).observe(body);
  postHeight();
  if (!body.hasAttribute('data-live') || !window.EventSource || !root) return;
  var watch = (body.getAttribute('data-watch') || '').split(' ').filter(Boolean);
  var pending = 0;
  function refresh() {
    clearTimeout(pending);
    pending = setTimeout(function () {
      fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-store' })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (text) {
          if (!text) return;
          var fresh = new DOMParser().parseFromString(text, 'text/html').getElementById('embed-root');
          if (fresh) { root.innerHTML = fresh.innerHTML; postHeight(); }
        })
        .catch(function () {});
    }, 150);
  }
  function matters(item) {
    if (watch.length === 0) return true;
    var ids = [item.id, item.team1 && item.team1.id, item.team2 && item.team2.id, item.event_match && item.event_match.event.id];
    return ids.some(function (id) { return id && watch.indexOf(id) !== -1; });
  }
  var stream = new EventSource(${JSON.stringify(STREAM_PATH)});
  stream.addEventListener('match', function (event) {
    try { if (matters(JSON.parse(event.data))) refresh(); } catch (error) { refresh(); }
  });
  stream.addEventListener('resync', refresh);
})();
`;

const HASH = createHash('sha256').update(SOURCE).digest('hex').slice(0, 12);

/** Hashed, so it is cached for good and a new version has a new path. */
export const EMBED_SCRIPT = { path: `/embed-assets/embed.${HASH}.js`, source: SOURCE } as const;
