import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../domain/money';
import { errorText } from '../../../lib/error-text';
import { useLayouts } from '../api/layouts-api';
import './layouts.css';

/** /v2/layout: the layouts, a row each, with a search by name. */
export function LayoutList() {
  const [search, setSearch] = useState('');
  const layouts = useLayouts(search.trim());
  return (
    <section className="layouts" aria-label="Layouts">
      <label className="layouts-search">
        Search layouts
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      {layouts.isError ? <p role="alert">{errorText(layouts.error)}</p> : null}
      {!layouts.data ? (
        layouts.isError ? null : (
          <Spinner label="Loading the layouts" />
        )
      ) : layouts.data.layouts.length === 0 ? (
        <p className="layouts-empty">No layouts{search ? ' match this search' : ' yet'}.</p>
      ) : (
        <table className="layouts-table">
          <thead>
            <tr>
              <th scope="col">Layout</th>
              <th scope="col">Shape</th>
              <th scope="col">Stones</th>
              <th scope="col">Available</th>
              <th scope="col">Total Carats</th>
              <th scope="col">Total Amount</th>
            </tr>
          </thead>
          <tbody>
            {layouts.data.layouts.map((layout) => (
              <tr key={layout.id}>
                <th scope="row">
                  <Link to={paths.layoutViewDetail.href({ layout_id: layout.id })}>{layout.name}</Link>
                </th>
                <td>{layout.shape}</td>
                <td>{layout.stones_count}</td>
                <td>{layout.available_count}</td>
                <td>{layout.total_carats.toFixed(2)}</td>
                <td>{layout.total_amount === null ? 'On request' : formatMoney(layout.total_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
