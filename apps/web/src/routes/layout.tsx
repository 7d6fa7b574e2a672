import { LayoutList } from '../features/layouts/components/layout-list';

/** /v2/layout (hidden from the side bar): the layouts, stones sold together. */
export function LayoutRoute() {
  return (
    <div className="page layout-page">
      <title>Layouts · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Layouts</h1>
      </header>
      <LayoutList />
    </div>
  );
}
