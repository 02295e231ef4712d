import './jitless';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { renderAntdWithCreateRoot } from './lib/antdRender';
import './styles.css';

renderAntdWithCreateRoot();

createRoot(document.getElementById('root')!).render(<App />);
