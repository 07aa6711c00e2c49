/**
 * Completions and rarity (percent of the account's users) of each achievement `shown` picks, from
 * the completion counts the stores keep as completions happen (backdated ones included, S22) and
 * the count of users: no scan of users per read.
 */
import type { Activity } from '../../engines/activity.js';
import type { AchievementDef } from '../../control/types.js';
import type { AccountRuntime } from '../../engines/engines.js';
import { achievementWire } from '../../wire/achievement-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface AchievementStatsDeps {
  readonly activity: Activity;
}

export async function achievementsWithStats(
  ctx: AchievementStatsDeps,
  runtime: AccountRuntime,
  shown: (def: AchievementDef) => boolean,
) {
  const [completions, users] = await Promise.all([
    ctx.activity.completions(runtime.space.store),
    runtime.engine.countUsers(),
  ]);
  return runtime.config.achievements.filter(shown).map((def) => {
    const count = completions.get(def.key) ?? 0;
    return {
      def,
      wire: {
        ...achievementWire(def, runtime),
        completions: count,
        rarity: users === 0 ? 0 : Math.round((count / users) * 10_000) / 100,
      },
    };
  });
}
