import { defineConfig, mergeConfig } from 'vite';
import base from '../vite.config';
export default mergeConfig(base, defineConfig({
  build: { outDir: '/tmp/analyze-dist', emptyOutDir: true },
  plugins: [{
    name: 'report',
    generateBundle(_o, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const byPkg = new Map<string, number>();
        for (const [id, m] of Object.entries(chunk.modules)) {
          const key = id.includes('node_modules') ? id.replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').split('/').slice(0, id.includes('/@') ? 2 : 1).join('/') : id.replace(/.*\/apps\/web\//, '');
          const pkg = key.startsWith('@') ? key.split('/').slice(0, 2).join('/') : key.split('/')[0];
          byPkg.set(pkg === 'src' ? key : pkg, (byPkg.get(pkg === 'src' ? key : pkg) ?? 0) + m.renderedLength);
        }
        console.log([...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}K`).join('\n'));
      }
    },
  }],
}));
