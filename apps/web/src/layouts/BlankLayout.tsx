import { Outlet } from 'react-router';
import { AlertBar } from '../components/AlertBar.tsx';

/** spec 01 §2.3 blank layout: the page alone (print sheets, logout). */
export function BlankLayout() {
  return (
    <div className="layout layout-blank">
      <AlertBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
