import { userHref } from '../../lib/route';
import { visibleText } from '../../lib/visible-text';

interface Props {
  id: string;
  title: string;
  column: string;
  rows: ReadonlyArray<{ userId: string; value: number }>;
}

/** A ranking of users, each id linking to the user's page. */
export function TopTable({ id, title, column, rows }: Props) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>No streaks yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={id}>
          <table>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Rank
                </th>
                <th scope="col">User</th>
                <th scope="col" className="num">
                  {column}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.userId}>
                  <td className="num">{i + 1}</td>
                  <th scope="row">
                    <a href={userHref(row.userId)}>{visibleText(row.userId)}</a>
                  </th>
                  <td className="num">{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
