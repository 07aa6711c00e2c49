/**
 * A user's points on their page: per live points system, the total, the level reached and the
 * latest awards (newest first), each with the kind of trigger that paid it; the system's page
 * (linked) says what each trigger is.
 */
import type { UserDetails } from '../../api/types';
import { formatDateTime, formatNumber } from '../../lib/format';
import { pointsSystemHref } from '../../lib/route';

const KIND: Record<UserPointsList[number]['awards'][number]['triggerType'], string> = {
  metric: 'a metric',
  achievement: 'an achievement',
  streak: 'the streak',
  time: 'time',
  user_creation: 'joining',
  deleted: 'a trigger deleted since',
};

type UserPointsList = UserDetails['points'];

export function UserPoints({ points }: { points: UserPointsList }) {
  if (points.length === 0) return null;
  return (
    <section aria-labelledby="points-heading">
      <h2 id="points-heading">Points</h2>
      {points.map((system) => (
        <div key={system.key} className="card">
          <h3 id={`points-${system.key}`}>
            <a href={pointsSystemHref(system.id)}>{system.name}</a>
          </h3>
          <dl className="stats">
            <div>
              <dt>Total</dt>
              <dd>{formatNumber(system.total, 0)}</dd>
            </div>
            <div>
              <dt>Level</dt>
              <dd className="stat-text">{system.level === null ? 'none yet' : system.level.name}</dd>
            </div>
          </dl>
          {system.awards.length === 0 ? (
            <p>No awards yet.</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={`points-${system.key}`}>
              <table>
                <caption>Latest awards</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">For</th>
                    <th scope="col" className="num">
                      Points
                    </th>
                    <th scope="col" className="num">
                      Total after
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {system.awards.map((award) => (
                    <tr key={award.id}>
                      <td>{formatDateTime(award.date)}</td>
                      <td>{KIND[award.triggerType]}</td>
                      <td className="num">{formatNumber(award.awarded, 0)}</td>
                      <td className="num">{formatNumber(award.total, 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
