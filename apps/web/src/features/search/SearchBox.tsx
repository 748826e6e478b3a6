import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchTerm } from '@campus-elo/api-contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../lib/error-message';
import { PlayerResultLine, TeamResultLine } from './SearchResultLine';
import { SEARCH_ERROR, noMatchText, useSearchResults } from './useSearch';
import classes from './Search.module.css';
import { SEARCH_LABEL, type SearchFieldProps } from './SearchField';

/** Wait this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;
/** Teams and players each, in the box; the search page shows more. */
const BOX_LIMIT = 5;

/**
 * The top bar's search: a combobox listing teams and players as the visitor types. Arrows
 * move through the results, Enter opens the highlighted one's page (or, with none
 * highlighted, the search page with every result), Escape closes the list. SearchField
 * loads it when the visitor first reaches for the box, and keeps its text.
 */
export function SearchBox({ text, setText, autoFocus }: SearchFieldProps & { autoFocus?: boolean }) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const typed = searchTerm(text);
  const term = searchTerm(debounced);
  const results = useSearchResults(term, BOX_LIMIT);
  const settled = typed !== null && typed === term && !results.isPlaceholderData;

  const leave = () => {
    combobox.closeDropdown();
    setText('');
  };

  const openResult = (value: string) => {
    const [kind, id] = value.split(':') as ['team' | 'player', string];
    leave();
    void navigate(kind === 'team' ? { to: '/teams/$id', params: { id } } : { to: '/players/$id', params: { id } });
  };

  const openSearchPage = () => {
    if (!typed) return;
    leave();
    void navigate({ to: '/search', search: { q: typed } });
  };

  const teams = results.data?.teams ?? [];
  const players = results.data?.players ?? [];
  const hasResults = teams.length + players.length > 0;

  return (
    <Combobox store={combobox} onOptionSubmit={openResult} withinPortal={false} position="bottom-start">
      <Combobox.Target withExpandedAttribute>
        <TextInput
          autoFocus={autoFocus}
          aria-label={SEARCH_LABEL}
          placeholder={SEARCH_LABEL}
          // Text, not type="search": the browser would empty a search field on Escape, which only closes the list here.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          size="sm"
          value={text}
          autoComplete="off"
          rightSection={typed !== null && !settled && !results.isError ? <Loader size={14} aria-hidden="true" /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.resetSelectedOption();
            if (searchTerm(event.currentTarget.value)) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          // Also on arrival with the focus (autoFocus): lists what was typed into the plain field meanwhile.
          onFocus={() => typed && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // With a result highlighted, the combobox opens it; otherwise Enter asks for every result.
            if (event.key === 'Enter' && (!combobox.dropdownOpened || combobox.getSelectedOptionIndex() === -1)) {
              event.preventDefault();
              openSearchPage();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={typed === null}>
        {/* Always mounted (the input's aria-expanded and aria-controls need its id), hidden while empty. */}
        <Combobox.Options aria-label="Search results" hidden={!hasResults}>
          {teams.length > 0 && (
            <Combobox.Group label="Teams">
              {teams.map((team) => (
                <Combobox.Option key={team.id} value={`team:${team.id}`}>
                  <TeamResultLine team={team} />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
          {players.length > 0 && (
            <Combobox.Group label="Players">
              {players.map((player) => (
                <Combobox.Option key={player.id} value={`player:${player.id}`}>
                  <PlayerResultLine player={player} />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
        </Combobox.Options>
        {/* The states sit beside the list, not in it: a listbox holds options only. */}
        {!hasResults &&
          (results.isError && settled ? (
            <div className={classes.error} role="alert">
              {errorMessage(results.error, SEARCH_ERROR)}
            </div>
          ) : (
            <div className={classes.state} role="status">
              {settled ? noMatchText(typed) : 'Searching…'}
            </div>
          ))}
        {typed && (
          <Combobox.Footer>
            {/* Pressing on the link must not blur the box first, which would close the list under the pointer. */}
            <Link to="/search" search={{ q: typed }} className={classes.footerLink} onMouseDown={(event) => event.preventDefault()} onClick={leave}>
              All results for "{typed}"
            </Link>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
