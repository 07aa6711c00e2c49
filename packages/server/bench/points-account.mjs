// @ts-check
// The account of bench:http's points part (issue 46), set up through the admin API of a first start
// (metric `lessons`, a daily streak): an achievement of ten lessons on every server compared, and on
// the one with points two points systems of five active triggers each (metric triggers of several
// thresholds, a streak trigger, an achievement trigger) with one global boost live.

/** The key of the system whose user points are read. */
export const READ_SYSTEM = 'xp';

/** A call of the admin API at `url` with `adminKey`; its JSON answer, or a thrown error naming it. */
async function admin(
  /** @type {string} */ url,
  /** @type {string} */ adminKey,
  /** @type {'GET' | 'POST'} */ method,
  /** @type {string} */ path,
  /** @type {unknown} */ body = undefined,
) {
  const response = await fetch(new URL(path, url), {
    method,
    headers: { 'x-api-key': adminKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  const issues = /** @type {{ issues?: unknown[] }} */ (answer).issues ?? [];
  if (!response.ok || issues.length > 0)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer;
}

/**
 * Sets up the account of the server at `url`: the achievement, and with `points` the two systems.
 * The boost runs from 30 days ago with no end, so that it is live for every event of the run.
 */
export async function configurePointsAccount(
  /** @type {string} */ url,
  /** @type {string} */ adminKey,
  /** @type {{ points: boolean }} */ options,
) {
  const metrics = /** @type {{ id: string, key: string }[]} */ (await admin(url, adminKey, 'GET', '/admin/v1/metrics'));
  const lessons = metrics.find((metric) => metric.key === 'lessons');
  if (lessons === undefined) throw new Error('the first start should have made the metric lessons');
  const made = /** @type {{ created: { id: string }[] }} */ (
    await admin(url, adminKey, 'POST', '/admin/v1/achievements', [
      { name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 },
    ])
  );
  if (!options.points) return;
  const achievementId = made.created[0]?.id;
  const metric = (/** @type {number} */ points, /** @type {number} */ threshold) => ({
    type: 'metric',
    points,
    metricId: lessons.id,
    metricThreshold: threshold,
    status: 'active',
  });
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await admin(url, adminKey, 'POST', '/admin/v1/points', [
    {
      name: 'XP',
      key: READ_SYSTEM,
      triggers: [
        metric(10, 1),
        metric(50, 5),
        metric(200, 25),
        { type: 'streak', points: 100, streakLength: 7, status: 'active' },
        { type: 'achievement', points: 200, achievementId, status: 'active' },
      ],
      boosts: [{ name: 'Double', start, multiplier: 2 }],
    },
    {
      name: 'Gems',
      key: 'gems',
      triggers: [
        metric(1, 2),
        metric(5, 10),
        metric(20, 50),
        { type: 'streak', points: 10, streakLength: 3, status: 'active' },
        { type: 'achievement', points: 25, achievementId, status: 'active' },
      ],
    },
  ]);
}
