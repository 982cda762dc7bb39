import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import './index.css';
import './lib/pwa';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A stored non-English language loads its (small) chunk first, so the first paint is already translated.
void initI18n().finally(() => {
  createRoot(root).render(<App />);
});
