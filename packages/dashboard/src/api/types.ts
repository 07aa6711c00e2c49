/**
 * The names the dashboard uses for the admin API's shapes, aliased from the types generated from
 * the server's OpenAPI document (./openapi.ts, written by `pnpm api:types`; never edit it by hand).
 */
import type { components, paths } from './openapi';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON answer of `method path` with `status`. */
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;
/** The JSON body of `method path`. */
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody: infer B }
  ? Json<NonNullable<B>>
  : never;

export type ErrorBody = components['schemas']['ErrorBody'];
export type Account = Answer<'/admin/v1/session', 'get'>['account'];
export type Issue = Answer<'/admin/v1/metrics', 'post', 201>['issues'][number];
export type Metric = Answer<'/admin/v1/metrics', 'get'>[number];
export type StreakSettings = Answer<'/admin/v1/streak', 'get'>;
export type StreakRule = NonNullable<StreakSettings['rule']>;
export type Frequency = StreakRule['frequency'];
export type Weekday = StreakRule['weekStart'];
export type StreakCondition = StreakRule['conditions'][number];
export type FreezeRule = NonNullable<StreakRule['freezes']>;
export type Rebuild = Answer<'/admin/v1/streak/rebuild', 'get'>;
export type Achievement = Answer<'/admin/v1/achievements', 'get'>[number];
export type AchievementTrigger = Achievement['trigger'];
export type NewAchievement = Body<'/admin/v1/achievements', 'post'>[number];
export type AchievementChange = Body<'/admin/v1/achievements', 'patch'>[number];
export type AchievementStatus = Achievement['status'];
export type Attribute = Answer<'/admin/v1/attributes', 'get'>[number];
export type AttributeType = Attribute['type'];
export type NewAttribute = Body<'/admin/v1/attributes', 'post'>[number];
export type CreatedAttributes = Answer<'/admin/v1/attributes', 'post', 201>;
export type UpdatedAttributes = Answer<'/admin/v1/attributes', 'patch'>;
export type DeletedAttributes = Answer<'/admin/v1/attributes', 'delete'>;
export type ApiKey = Answer<'/admin/v1/keys', 'get'>[number];
export type Tenant = Answer<'/admin/v1/tenants', 'get'>[number];
export type CreatedApiKey = Answer<'/admin/v1/keys', 'post', 201>;
export type StreakAnalytics = Answer<'/admin/v1/analytics/streaks', 'get'>;
export type PointsAnalytics = Answer<'/admin/v1/analytics/points/{systemId}', 'get'>;
export type UserPage = Answer<'/admin/v1/users', 'get'>;
export type UserRow = UserPage['users'][number];
export type UserDetails = Answer<'/admin/v1/users/{id}', 'get'>;
export type UserProfile = UserDetails['user'];
/** `GET /v1/users/:id/streak` (docs/http-api.md); the freeze fields only when the rule has freezes. */
export type StreakRead = Answer<'/v1/users/{id}/streak', 'get'>;
export type StreakPeriod = StreakRead['streakHistory'][number];
export type Pause = Answer<'/admin/v1/streaks/pauses', 'post', 201>['created'][number];
export type Webhook = Answer<'/admin/v1/webhooks', 'get'>[number];
export type WebhookType = Webhook['types'][number];
export type CreatedWebhook = Answer<'/admin/v1/webhooks', 'post', 201>;
export type DeliveryPage = Answer<'/admin/v1/webhooks/{id}/deliveries', 'get'>;
export type Delivery = DeliveryPage['deliveries'][number];
export type PointsSystem = Answer<'/admin/v1/points', 'get'>[number];
export type NewPointsSystem = Body<'/admin/v1/points', 'post'>[number];
export type CreatedPointsSystems = Answer<'/admin/v1/points', 'post', 201>;
export type PointsTrigger = Answer<'/admin/v1/points/{systemId}/triggers', 'get'>[number];
export type PointsTriggerType = PointsTrigger['type'];
export type NewPointsTrigger = Body<'/admin/v1/points/{systemId}/triggers', 'post'>[number];
export type PointsTriggerChange = Body<'/admin/v1/points/{systemId}/triggers', 'patch'>[number];
/** A points filter: a declared attribute by id and the value it must hold. */
export type PointsFilter = PointsTrigger['userAttributes'][number];
export type PointsLevel = Answer<'/admin/v1/points/{systemId}/levels', 'get'>[number];
export type NewPointsLevel = Body<'/admin/v1/points/{systemId}/levels', 'post'>[number];
export type PointsLevelChange = Body<'/admin/v1/points/{systemId}/levels', 'patch'>[number];
export type PointsBoost = Answer<'/admin/v1/points/{systemId}/boosts', 'get'>[number];
export type NewPointsBoost = Body<'/admin/v1/points/{systemId}/boosts', 'post'>[number];
export type PointsBoostChange = Body<'/admin/v1/points/{systemId}/boosts', 'patch'>[number];
export type BoostRounding = PointsBoost['rounding'];
