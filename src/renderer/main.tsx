import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadMarkdown } from './features/markdown/markdown-text';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// Fetched once the window is up, so replies and the guide render as Markdown without a wait.
void loadMarkdown();
