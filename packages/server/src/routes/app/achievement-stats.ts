/**
 * Completions and rarity (percent of the account's users) of each achievement.
 */
import type { ServerContext } from '../../http/context.js';
import type { AccountRuntime } from '../../runtime/engines.js';
import { achievementWire } from '../../wire/achievement-wire.js';

export async function achievementsWithStats(ctx: ServerContext, runtime: AccountRuntime, includeArchived = false) {
  const [completions, users] = await Promise.all([
    ctx.activity.completions(runtime.space.store),
    runtime.engine.countUsers(),
  ]);
  return runtime.config.achievements
    .filter((def) => includeArchived || def.status === 'active')
    .map((def) => {
      const count = completions.get(def.key) ?? 0;
      return {
        def,
        wire: {
          ...achievementWire(def, runtime.metricsByKey),
          completions: count,
          rarity: users === 0 ? 0 : Math.round((count / users) * 10_000) / 100,
        },
      };
    });
}
