/**
 * The HTTP API's types, generated from the server's /openapi.json by openapi-typescript.
 * Do not edit: change the route's schema in packages/server, then run `pnpm api:types`.
 */
export interface paths {
    "/admin/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get your account */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            id: string;
                            name: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List accounts (operator only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            id: string;
                            name: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create an account with its first keys (operator only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: {
                                created: string;
                                id: string;
                                name: string;
                            };
                            adminKey: string;
                            applicationKey: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/achievements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List achievements with their stats */
        get: {
            parameters: {
                query?: {
                    includeArchived?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description an https URL of its badge */
                            badgeUrl: string | null;
                            completions: number;
                            created: string;
                            /** @description trigger metric: only events whose attributes hold every one of these values count */
                            eventAttributes?: {
                                key: string;
                                value: string;
                            }[];
                            id: string;
                            key: string;
                            /** @description trigger metric: the key of its metric */
                            metric?: string | null;
                            name: string;
                            /** @description trigger achievement (a composite): the keys of the achievements it needs */
                            prerequisites?: string[];
                            rarity: number;
                            /**
                             * @description inactive: not completable yet; active; locked: no new completions; archived
                             * @enum {string}
                             */
                            status: "inactive" | "active" | "locked" | "archived";
                            /** @description trigger streak */
                            streakLength?: number | null;
                            /** @description trigger metric */
                            threshold?: number | null;
                            /** @enum {string} */
                            trigger: "metric" | "streak" | "api" | "achievement";
                            /** @description only users whose attributes hold every one of these values may complete it */
                            userAttributes?: {
                                key: string;
                                value: string;
                            }[];
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create achievements */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description an absolute https:// URL of its badge, shown only; null: none */
                        badgeUrl?: string | null;
                        /** @description trigger metric: only events whose attributes hold every one of these values count (declared event attributes) */
                        eventAttributes?: {
                            key: string;
                            value: string;
                        }[];
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64; derived from the name when absent */
                        key?: string;
                        /** @description trigger metric: the key of an active metric */
                        metric?: string;
                        name: string;
                        /** @description trigger achievement (a composite): the keys of the 1..50 achievements it needs */
                        prerequisites?: string[];
                        /**
                         * @description inactive: made but not completable until activated
                         * @default active
                         * @enum {string}
                         */
                        status?: "active" | "inactive";
                        /** @description trigger streak: the length that completes it, >= 1 */
                        streakLength?: number;
                        /** @description trigger metric: the total that completes it */
                        threshold?: number;
                        /** @enum {string} */
                        trigger: "metric" | "streak" | "api" | "achievement";
                        /** @description only users whose attributes hold every one of these values may complete it (declared user attributes) */
                        userAttributes?: {
                            key: string;
                            value: string;
                        }[];
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                /** @description an https URL of its badge */
                                badgeUrl: string | null;
                                completions: number;
                                created: string;
                                /** @description trigger metric: only events whose attributes hold every one of these values count */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric: the key of its metric */
                                metric?: string | null;
                                name: string;
                                /** @description trigger achievement (a composite): the keys of the achievements it needs */
                                prerequisites?: string[];
                                rarity: number;
                                /**
                                 * @description inactive: not completable yet; active; locked: no new completions; archived
                                 * @enum {string}
                                 */
                                status: "inactive" | "active" | "locked" | "archived";
                                /** @description trigger streak */
                                streakLength?: number | null;
                                /** @description trigger metric */
                                threshold?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                /** @description only users whose attributes hold every one of these values may complete it */
                                userAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            /** @description the rebuild of every user that completes the changed achievements for those who qualify; null when none was needed */
                            rebuild: {
                                done: number;
                                error: string | null;
                                finishedAt: string | null;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "idle" | "running" | "done" | "failed";
                                total: number;
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                /** @description an https URL of its badge */
                                badgeUrl: string | null;
                                completions: number;
                                created: string;
                                /** @description trigger metric: only events whose attributes hold every one of these values count */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric: the key of its metric */
                                metric?: string | null;
                                name: string;
                                /** @description trigger achievement (a composite): the keys of the achievements it needs */
                                prerequisites?: string[];
                                rarity: number;
                                /**
                                 * @description inactive: not completable yet; active; locked: no new completions; archived
                                 * @enum {string}
                                 */
                                status: "inactive" | "active" | "locked" | "archived";
                                /** @description trigger streak */
                                streakLength?: number | null;
                                /** @description trigger metric */
                                threshold?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                /** @description only users whose attributes hold every one of these values may complete it */
                                userAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            /** @description the rebuild of every user that completes the changed achievements for those who qualify; null when none was needed */
                            rebuild: {
                                done: number;
                                error: string | null;
                                finishedAt: string | null;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "idle" | "running" | "done" | "failed";
                                total: number;
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Archive achievements */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change achievements: name, status, badge, what completes them */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description an absolute https:// URL of its badge, shown only; null: none */
                        badgeUrl?: string | null;
                        /** @description trigger metric: only events whose attributes hold every one of these values count (declared event attributes) */
                        eventAttributes?: {
                            key: string;
                            value: string;
                        }[];
                        id: string;
                        name?: string;
                        /** @description trigger achievement (a composite): the keys of the 1..50 achievements it needs */
                        prerequisites?: string[];
                        /**
                         * @description inactive → active (completes it for every user who qualifies, silently), active ↔ locked (no new completions)
                         * @enum {string}
                         */
                        status?: "inactive" | "active" | "locked";
                        /** @description trigger streak, >= 1 */
                        streakLength?: number;
                        /** @description trigger metric */
                        threshold?: number;
                        /** @description only users whose attributes hold every one of these values may complete it (declared user attributes) */
                        userAttributes?: {
                            key: string;
                            value: string;
                        }[];
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            /** @description the rebuild of every user that completes the changed achievements for those who qualify; null when none was needed */
                            rebuild: {
                                done: number;
                                error: string | null;
                                finishedAt: string | null;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "idle" | "running" | "done" | "failed";
                                total: number;
                            } | null;
                            updated: {
                                /** @description an https URL of its badge */
                                badgeUrl: string | null;
                                completions: number;
                                created: string;
                                /** @description trigger metric: only events whose attributes hold every one of these values count */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric: the key of its metric */
                                metric?: string | null;
                                name: string;
                                /** @description trigger achievement (a composite): the keys of the achievements it needs */
                                prerequisites?: string[];
                                rarity: number;
                                /**
                                 * @description inactive: not completable yet; active; locked: no new completions; archived
                                 * @enum {string}
                                 */
                                status: "inactive" | "active" | "locked" | "archived";
                                /** @description trigger streak */
                                streakLength?: number | null;
                                /** @description trigger metric */
                                threshold?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                /** @description only users whose attributes hold every one of these values may complete it */
                                userAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/analytics/points/{systemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A points system's spread of totals and its users per level */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description by ascending threshold */
                            levels: {
                                level: {
                                    badgeUrl: string | null;
                                    description: string;
                                    id: string;
                                    key: string;
                                    name: string;
                                    points: number;
                                };
                                users: number;
                            }[];
                            summary: {
                                from: number;
                                to: number;
                                users: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/analytics/streaks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Streak analytics */
        get: {
            parameters: {
                query?: {
                    days?: number;
                    top?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeStreaks: number;
                            at: string;
                            averageLength: number;
                            daily: {
                                date: string;
                                events: number;
                                extended: number;
                                freezesUsed: number;
                                lost: number;
                            }[];
                            histogram: {
                                from: number;
                                /** @description null: no upper bound */
                                to: number | null;
                                users: number;
                            }[];
                            lengths: {
                                length: number;
                                users: number;
                            }[];
                            /** @description the rule analysed; null when the account has none */
                            streak: string | null;
                            topCurrent: {
                                length: number;
                                userId: string;
                            }[];
                            topLongest: {
                                longest: number;
                                userId: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/application-api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create application API keys, each acting for one user (each secret shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userId: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                id: string;
                                /** @description the whole key: shown this once, stored only as its SHA-256 */
                                key: string;
                                prefix: string;
                                /** @description the one user the key acts for */
                                userId: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                id: string;
                                /** @description the whole key: shown this once, stored only as its SHA-256 */
                                key: string;
                                prefix: string;
                                /** @description the one user the key acts for */
                                userId: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete application API keys */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List custom attributes */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "user" | "event";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Declare custom attributes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64 */
                        key: string;
                        name: string;
                        /** @enum {string} */
                        type: "user" | "event";
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                id: string;
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "user" | "event";
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                id: string;
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "user" | "event";
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Remove custom attributes */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename custom attributes */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                id: string;
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "user" | "event";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/attributes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom attribute */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "user" | "event";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/events/lateness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How late an application key’s event may be */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description how many hours before the server clock an event sent with an application key and its own at may lie; 0 (the default): none beyond the 5 minutes of clock skew */
                            maxLateHours: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Set how late an application key’s event may be */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description how many hours before the server clock an event sent with an application key and its own at may lie; 0 (the default): none beyond the 5 minutes of clock skew */
                        maxLateHours: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description how many hours before the server clock an event sent with an application key and its own at may lie; 0 (the default): none beyond the 5 minutes of clock skew */
                            maxLateHours: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            id: string;
                            /** @enum {string} */
                            kind: "admin" | "application";
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                            revokedAt: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create an API key (its secret is shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        kind: "admin" | "application";
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            id: string;
                            key: string;
                            /** @enum {string} */
                            kind: "admin" | "application";
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                            revokedAt: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            id: string;
                            /** @enum {string} */
                            kind: "admin" | "application";
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                            revokedAt: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/leaderboards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List leaderboards */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            breakdownAttributes: string[];
                            created: string;
                            description: string | null;
                            end: string | null;
                            endTime: string | null;
                            id: string;
                            key: string;
                            maxParticipants: number;
                            metricId?: string;
                            name: string;
                            pointsSystemId?: string;
                            /** @enum {string} */
                            rankBy: "metric" | "points" | "streak";
                            runInterval: number | null;
                            /** @enum {string|null} */
                            runUnit: "day" | "month" | "year" | null;
                            start: string;
                            startTime: string | null;
                            /** @enum {string} */
                            status: "inactive" | "scheduled" | "active" | "finished";
                            updated: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create leaderboards */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        breakdownAttributes?: string[];
                        description?: string | null;
                        end?: string | null;
                        endTime?: string | null;
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64 */
                        key: string;
                        maxParticipants?: number | null;
                        metricId?: string | null;
                        name: string;
                        pointsSystemId?: string | null;
                        /** @enum {string} */
                        rankBy: "metric" | "points" | "streak";
                        runInterval?: number | null;
                        /** @enum {string|null} */
                        runUnit?: "day" | "month" | "year" | null;
                        start?: string;
                        startTime?: string | null;
                        /** @enum {string} */
                        status?: "inactive" | "active" | "scheduled" | "finished";
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                breakdownAttributes: string[];
                                created: string;
                                description: string | null;
                                end: string | null;
                                endTime: string | null;
                                id: string;
                                key: string;
                                maxParticipants: number;
                                metricId?: string;
                                name: string;
                                pointsSystemId?: string;
                                /** @enum {string} */
                                rankBy: "metric" | "points" | "streak";
                                runInterval: number | null;
                                /** @enum {string|null} */
                                runUnit: "day" | "month" | "year" | null;
                                start: string;
                                startTime: string | null;
                                /** @enum {string} */
                                status: "inactive" | "scheduled" | "active" | "finished";
                                updated: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                breakdownAttributes: string[];
                                created: string;
                                description: string | null;
                                end: string | null;
                                endTime: string | null;
                                id: string;
                                key: string;
                                maxParticipants: number;
                                metricId?: string;
                                name: string;
                                pointsSystemId?: string;
                                /** @enum {string} */
                                rankBy: "metric" | "points" | "streak";
                                runInterval: number | null;
                                /** @enum {string|null} */
                                runUnit: "day" | "month" | "year" | null;
                                start: string;
                                startTime: string | null;
                                /** @enum {string} */
                                status: "inactive" | "scheduled" | "active" | "finished";
                                updated: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete leaderboards */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change leaderboards */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        breakdownAttributes?: string[];
                        description?: string | null;
                        end?: string | null;
                        endTime?: string | null;
                        id: string;
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64 */
                        key?: string;
                        maxParticipants?: number | null;
                        metricId?: string | null;
                        name?: string;
                        pointsSystemId?: string | null;
                        /** @enum {string} */
                        rankBy?: "metric" | "points" | "streak";
                        runInterval?: number | null;
                        /** @enum {string|null} */
                        runUnit?: "day" | "month" | "year" | null;
                        start?: string;
                        startTime?: string | null;
                        /** @enum {string} */
                        status?: "inactive" | "active" | "scheduled" | "finished";
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                breakdownAttributes: string[];
                                created: string;
                                description: string | null;
                                end: string | null;
                                endTime: string | null;
                                id: string;
                                key: string;
                                maxParticipants: number;
                                metricId?: string;
                                name: string;
                                pointsSystemId?: string;
                                /** @enum {string} */
                                rankBy: "metric" | "points" | "streak";
                                runInterval: number | null;
                                /** @enum {string|null} */
                                runUnit: "day" | "month" | "year" | null;
                                start: string;
                                startTime: string | null;
                                /** @enum {string} */
                                status: "inactive" | "scheduled" | "active" | "finished";
                                updated: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/leaderboards/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a leaderboard */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            breakdownAttributes: string[];
                            created: string;
                            description: string | null;
                            end: string | null;
                            endTime: string | null;
                            id: string;
                            key: string;
                            maxParticipants: number;
                            metricId?: string;
                            name: string;
                            pointsSystemId?: string;
                            /** @enum {string} */
                            rankBy: "metric" | "points" | "streak";
                            runInterval: number | null;
                            /** @enum {string|null} */
                            runUnit: "day" | "month" | "year" | null;
                            start: string;
                            startTime: string | null;
                            /** @enum {string} */
                            status: "inactive" | "scheduled" | "active" | "finished";
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List metrics with their activity */
        get: {
            parameters: {
                query?: {
                    includeArchived?: "true" | "false";
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            events: number;
                            id: string;
                            key: string;
                            lastEventAt: string | null;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                            total: number;
                            /** @description number: a label, "" when none; currency: its code, such as USD */
                            units: string;
                            /** @enum {string} */
                            unitType: "number" | "currency";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create metrics */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64; derived from the name when absent */
                        key?: string;
                        name: string;
                        /** @description number: a free label (default ""); currency: a currency code such as USD */
                        units?: string;
                        /** @description "number" (the default) or "currency" */
                        unitType?: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                created: string;
                                events: number;
                                id: string;
                                key: string;
                                lastEventAt: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                total: number;
                                /** @description number: a label, "" when none; currency: its code, such as USD */
                                units: string;
                                /** @enum {string} */
                                unitType: "number" | "currency";
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                created: string;
                                events: number;
                                id: string;
                                key: string;
                                lastEventAt: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                total: number;
                                /** @description number: a label, "" when none; currency: its code, such as USD */
                                units: string;
                                /** @enum {string} */
                                unitType: "number" | "currency";
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Archive metrics */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change metrics */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id: string;
                        name?: string;
                        /** @description number: a free label (default ""); currency: a currency code such as USD */
                        units?: string;
                        /** @description "number" (the default) or "currency" */
                        unitType?: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                created: string;
                                events: number;
                                id: string;
                                key: string;
                                lastEventAt: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                total: number;
                                /** @description number: a label, "" when none; currency: its code, such as USD */
                                units: string;
                                /** @enum {string} */
                                unitType: "number" | "currency";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/metrics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a metric with its activity */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            events: number;
                            id: string;
                            key: string;
                            lastEventAt: string | null;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                            total: number;
                            /** @description number: a label, "" when none; currency: its code, such as USD */
                            units: string;
                            /** @enum {string} */
                            unitType: "number" | "currency";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/metrics/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record up to 1,000 events at once (imports, backfills) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description when the event happened (Kindling’s extension): an RFC 3339 instant such as 2026-01-02T10:00:00Z, or epoch milliseconds; absent: now */
                        at?: string | number;
                        /** @description custom event attributes, key → value: each key declared as an event attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        } | null;
                        idempotencyKey?: string;
                        /** @description the metric key */
                        key: string;
                        user: {
                            /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                            attributes?: {
                                [key: string]: string;
                            };
                            /** @description push tokens of the user’s devices */
                            deviceTokens?: string[];
                            email?: string;
                            id: string;
                            name?: string;
                            /** @description false: the user’s email address is not kept */
                            subscribeToEmails?: boolean;
                            /** @description IANA time zone of the user, e.g. Europe/Berlin */
                            tz?: string;
                        };
                        value: number;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description events recorded, or replayed by their idempotency key */
                            accepted: number;
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List points systems */
        get: {
            parameters: {
                query?: {
                    includeArchived?: "true" | "false";
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            badge: {
                                url: string;
                            } | null;
                            description: string;
                            id: string;
                            key: string;
                            maxPoints: number | null;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create points systems */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        badge?: {
                            url: string;
                        } | null;
                        boosts?: {
                            end?: string | null;
                            /** @description above 0, below 100, not 1 */
                            multiplier: number;
                            name: string;
                            /** @enum {string} */
                            rounding?: "down" | "up" | "nearest";
                            /** @description a date, YYYY-MM-DD */
                            start: string;
                            userAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[] | null;
                            userId?: string | null;
                        }[];
                        description?: string | null;
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64 */
                        key: string;
                        levels?: {
                            badge?: {
                                url: string;
                            } | null;
                            description?: string | null;
                            /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64 */
                            key: string;
                            name: string;
                            points: number;
                        }[];
                        maxPoints?: number | null;
                        name: string;
                        triggers?: {
                            achievementId?: string;
                            blockIfOutOfPoints?: boolean;
                            eventAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[] | null;
                            metricId?: string;
                            metricThreshold?: number;
                            /** @description a non-zero integer within ±1e9; negative deducts */
                            points: number;
                            /** @enum {string} */
                            status?: "active" | "inactive";
                            streakLength?: number;
                            timeInterval?: number;
                            /** @enum {string} */
                            timeUnit?: "hours" | "days";
                            /** @enum {string} */
                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                            userAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[] | null;
                        }[];
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                badge: {
                                    url: string;
                                } | null;
                                boosts?: {
                                    end: string | null;
                                    id: string;
                                    multiplier: number;
                                    name: string;
                                    /** @enum {string} */
                                    rounding: "down" | "up" | "nearest";
                                    start: string;
                                    /**
                                     * @description from the dates, in UTC
                                     * @enum {string}
                                     */
                                    status: "active" | "scheduled" | "finished";
                                    /** @description a boost of all users only */
                                    userAttributes?: {
                                        attributeId: string;
                                        attributeValue: string;
                                    }[];
                                    userId: string | null;
                                }[];
                                description: string;
                                id: string;
                                key: string;
                                levels?: {
                                    badge: {
                                        url: string;
                                    } | null;
                                    description: string;
                                    id: string;
                                    key: string;
                                    name: string;
                                    points: number;
                                }[];
                                maxPoints: number | null;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                triggers?: {
                                    achievementId?: string;
                                    blockIfOutOfPoints: boolean;
                                    created: string;
                                    eventAttributes?: {
                                        attributeId: string;
                                        attributeValue: string;
                                    }[];
                                    id: string;
                                    metricId?: string;
                                    metricThreshold?: number;
                                    points: number;
                                    /** @enum {string} */
                                    status: "active" | "inactive";
                                    streakLength?: number;
                                    timeInterval?: number;
                                    /** @enum {string} */
                                    timeUnit?: "hours" | "days";
                                    /** @enum {string} */
                                    type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                    updated: string;
                                    userAttributes: {
                                        attributeId: string;
                                        attributeValue: string;
                                    }[];
                                }[];
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                badge: {
                                    url: string;
                                } | null;
                                boosts?: {
                                    end: string | null;
                                    id: string;
                                    multiplier: number;
                                    name: string;
                                    /** @enum {string} */
                                    rounding: "down" | "up" | "nearest";
                                    start: string;
                                    /**
                                     * @description from the dates, in UTC
                                     * @enum {string}
                                     */
                                    status: "active" | "scheduled" | "finished";
                                    /** @description a boost of all users only */
                                    userAttributes?: {
                                        attributeId: string;
                                        attributeValue: string;
                                    }[];
                                    userId: string | null;
                                }[];
                                description: string;
                                id: string;
                                key: string;
                                levels?: {
                                    badge: {
                                        url: string;
                                    } | null;
                                    description: string;
                                    id: string;
                                    key: string;
                                    name: string;
                                    points: number;
                                }[];
                                maxPoints: number | null;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                triggers?: {
                                    achievementId?: string;
                                    blockIfOutOfPoints: boolean;
                                    created: string;
                                    eventAttributes?: {
                                        attributeId: string;
                                        attributeValue: string;
                                    }[];
                                    id: string;
                                    metricId?: string;
                                    metricThreshold?: number;
                                    points: number;
                                    /** @enum {string} */
                                    status: "active" | "inactive";
                                    streakLength?: number;
                                    timeInterval?: number;
                                    /** @enum {string} */
                                    timeUnit?: "hours" | "days";
                                    /** @enum {string} */
                                    type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                    updated: string;
                                    userAttributes: {
                                        attributeId: string;
                                        attributeValue: string;
                                    }[];
                                }[];
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Archive points systems */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change points systems */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        badge?: {
                            url: string;
                        } | null;
                        description?: string | null;
                        id: string;
                        maxPoints?: number | null;
                        name?: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                badge: {
                                    url: string;
                                } | null;
                                description: string;
                                id: string;
                                key: string;
                                maxPoints: number | null;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/points/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a points system */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            badge: {
                                url: string;
                            } | null;
                            description: string;
                            id: string;
                            key: string;
                            maxPoints: number | null;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/points/{systemId}/boosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the boosts of a points system */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            end: string | null;
                            id: string;
                            multiplier: number;
                            name: string;
                            /** @enum {string} */
                            rounding: "down" | "up" | "nearest";
                            start: string;
                            /**
                             * @description from the dates, in UTC
                             * @enum {string}
                             */
                            status: "active" | "scheduled" | "finished";
                            /** @description a boost of all users only */
                            userAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[];
                            userId: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create boosts of a points system */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        end?: string | null;
                        /** @description above 0, below 100, not 1 */
                        multiplier: number;
                        name: string;
                        /** @enum {string} */
                        rounding?: "down" | "up" | "nearest";
                        /** @description a date, YYYY-MM-DD */
                        start: string;
                        userAttributes?: {
                            attributeId: string;
                            attributeValue: string;
                        }[] | null;
                        userId?: string | null;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                end: string | null;
                                id: string;
                                multiplier: number;
                                name: string;
                                /** @enum {string} */
                                rounding: "down" | "up" | "nearest";
                                start: string;
                                /**
                                 * @description from the dates, in UTC
                                 * @enum {string}
                                 */
                                status: "active" | "scheduled" | "finished";
                                /** @description a boost of all users only */
                                userAttributes?: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                                userId: string | null;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                end: string | null;
                                id: string;
                                multiplier: number;
                                name: string;
                                /** @enum {string} */
                                rounding: "down" | "up" | "nearest";
                                start: string;
                                /**
                                 * @description from the dates, in UTC
                                 * @enum {string}
                                 */
                                status: "active" | "scheduled" | "finished";
                                /** @description a boost of all users only */
                                userAttributes?: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                                userId: string | null;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete boosts of a points system */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change boosts of a points system */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        end?: string | null;
                        id: string;
                        multiplier?: number;
                        name?: string;
                        /** @enum {string} */
                        rounding?: "down" | "up" | "nearest";
                        /** @description a date, YYYY-MM-DD */
                        start?: string;
                        userAttributes?: {
                            attributeId: string;
                            attributeValue: string;
                        }[] | null;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                end: string | null;
                                id: string;
                                multiplier: number;
                                name: string;
                                /** @enum {string} */
                                rounding: "down" | "up" | "nearest";
                                start: string;
                                /**
                                 * @description from the dates, in UTC
                                 * @enum {string}
                                 */
                                status: "active" | "scheduled" | "finished";
                                /** @description a boost of all users only */
                                userAttributes?: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                                userId: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/points/{systemId}/boosts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a boost of a points system */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            end: string | null;
                            id: string;
                            multiplier: number;
                            name: string;
                            /** @enum {string} */
                            rounding: "down" | "up" | "nearest";
                            start: string;
                            /**
                             * @description from the dates, in UTC
                             * @enum {string}
                             */
                            status: "active" | "scheduled" | "finished";
                            /** @description a boost of all users only */
                            userAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[];
                            userId: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/points/{systemId}/levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the levels of a points system */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            badge: {
                                url: string;
                            } | null;
                            description: string;
                            id: string;
                            key: string;
                            name: string;
                            points: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create levels of a points system */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        badge?: {
                            url: string;
                        } | null;
                        description?: string | null;
                        /** @description letters, digits, - and _ (^[a-zA-Z0-9_-]+$), at most 64 */
                        key: string;
                        name: string;
                        points: number;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                badge: {
                                    url: string;
                                } | null;
                                description: string;
                                id: string;
                                key: string;
                                name: string;
                                points: number;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                badge: {
                                    url: string;
                                } | null;
                                description: string;
                                id: string;
                                key: string;
                                name: string;
                                points: number;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete levels of a points system */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change levels of a points system */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        badge?: {
                            url: string;
                        } | null;
                        description?: string | null;
                        id: string;
                        name?: string;
                        points?: number;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                badge: {
                                    url: string;
                                } | null;
                                description: string;
                                id: string;
                                key: string;
                                name: string;
                                points: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/points/{systemId}/levels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a level of a points system */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            badge: {
                                url: string;
                            } | null;
                            description: string;
                            id: string;
                            key: string;
                            name: string;
                            points: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/points/{systemId}/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the triggers of a points system */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achievementId?: string;
                            blockIfOutOfPoints: boolean;
                            created: string;
                            eventAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[];
                            id: string;
                            metricId?: string;
                            metricThreshold?: number;
                            points: number;
                            /** @enum {string} */
                            status: "active" | "inactive";
                            streakLength?: number;
                            timeInterval?: number;
                            /** @enum {string} */
                            timeUnit?: "hours" | "days";
                            /** @enum {string} */
                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                            updated: string;
                            userAttributes: {
                                attributeId: string;
                                attributeValue: string;
                            }[];
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create triggers of a points system */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        achievementId?: string;
                        blockIfOutOfPoints?: boolean;
                        eventAttributes?: {
                            attributeId: string;
                            attributeValue: string;
                        }[] | null;
                        metricId?: string;
                        metricThreshold?: number;
                        /** @description a non-zero integer within ±1e9; negative deducts */
                        points: number;
                        /** @enum {string} */
                        status?: "active" | "inactive";
                        streakLength?: number;
                        timeInterval?: number;
                        /** @enum {string} */
                        timeUnit?: "hours" | "days";
                        /** @enum {string} */
                        type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                        userAttributes?: {
                            attributeId: string;
                            attributeValue: string;
                        }[] | null;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                achievementId?: string;
                                blockIfOutOfPoints: boolean;
                                created: string;
                                eventAttributes?: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                                id: string;
                                metricId?: string;
                                metricThreshold?: number;
                                points: number;
                                /** @enum {string} */
                                status: "active" | "inactive";
                                streakLength?: number;
                                timeInterval?: number;
                                /** @enum {string} */
                                timeUnit?: "hours" | "days";
                                /** @enum {string} */
                                type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                updated: string;
                                userAttributes: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                achievementId?: string;
                                blockIfOutOfPoints: boolean;
                                created: string;
                                eventAttributes?: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                                id: string;
                                metricId?: string;
                                metricThreshold?: number;
                                points: number;
                                /** @enum {string} */
                                status: "active" | "inactive";
                                streakLength?: number;
                                timeInterval?: number;
                                /** @enum {string} */
                                timeUnit?: "hours" | "days";
                                /** @enum {string} */
                                type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                updated: string;
                                userAttributes: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete triggers of a points system */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change triggers of a points system */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        achievementId?: string;
                        blockIfOutOfPoints?: boolean;
                        eventAttributes?: {
                            attributeId: string;
                            attributeValue: string;
                        }[] | null;
                        id: string;
                        metricId?: string;
                        metricThreshold?: number;
                        /** @description a non-zero integer within ±1e9; negative deducts */
                        points?: number;
                        /** @enum {string} */
                        status?: "active" | "inactive";
                        streakLength?: number;
                        timeInterval?: number;
                        /** @enum {string} */
                        timeUnit?: "hours" | "days";
                        /** @enum {string} */
                        type?: "metric" | "achievement" | "streak" | "time" | "user_creation";
                        userAttributes?: {
                            attributeId: string;
                            attributeValue: string;
                        }[] | null;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                achievementId?: string;
                                blockIfOutOfPoints: boolean;
                                created: string;
                                eventAttributes?: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                                id: string;
                                metricId?: string;
                                metricThreshold?: number;
                                points: number;
                                /** @enum {string} */
                                status: "active" | "inactive";
                                streakLength?: number;
                                timeInterval?: number;
                                /** @enum {string} */
                                timeUnit?: "hours" | "days";
                                /** @enum {string} */
                                type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                updated: string;
                                userAttributes: {
                                    attributeId: string;
                                    attributeValue: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/points/{systemId}/triggers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a trigger of a points system */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    systemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achievementId?: string;
                            blockIfOutOfPoints: boolean;
                            created: string;
                            eventAttributes?: {
                                attributeId: string;
                                attributeValue: string;
                            }[];
                            id: string;
                            metricId?: string;
                            metricThreshold?: number;
                            points: number;
                            /** @enum {string} */
                            status: "active" | "inactive";
                            streakLength?: number;
                            timeInterval?: number;
                            /** @enum {string} */
                            timeUnit?: "hours" | "days";
                            /** @enum {string} */
                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                            updated: string;
                            userAttributes: {
                                attributeId: string;
                                attributeValue: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: {
                                id: string;
                                name: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Sign in to the dashboard (sets the session cookie) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description id or name of the account; default: the operator account */
                        account?: string;
                        /** @description an admin key, instead of a password */
                        key?: string;
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: {
                                id: string;
                                name: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Sign out */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description signed out; the cookie is cleared */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/streak": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the streak rule */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            rebuild: {
                                done: number;
                                error: string | null;
                                finishedAt: string | null;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "idle" | "running" | "done" | "failed";
                                total: number;
                            };
                            rule: {
                                conditions: {
                                    metric: string;
                                    threshold: number;
                                }[];
                                dayStartsAt: string;
                                defaultTimeZone: string;
                                freezes: {
                                    earn: {
                                        amount: number;
                                        every: number;
                                    } | null;
                                    initial: number;
                                    max: number;
                                } | null;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                /** @enum {string} */
                                mode: "all" | "any";
                                personalization?: {
                                    mode: boolean;
                                    thresholds: {
                                        max: number;
                                        min: number;
                                    } | null;
                                } | null;
                                /** @description reminders: how long before the end of an unmet period; null: none */
                                remindBefore?: string | null;
                                restoreWindow: number;
                                /** @enum {string} */
                                weekStart: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Replace the streak rule and rebuild every user */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conditions: {
                            /** @description the key of an active metric */
                            metric: string;
                            threshold: number;
                        }[];
                        /**
                         * @description local time at which a day begins, HH:MM
                         * @default 00:00
                         */
                        dayStartsAt?: string;
                        /**
                         * @description IANA zone of users who sent none
                         * @default UTC
                         */
                        defaultTimeZone?: string;
                        /** @default null */
                        freezes?: {
                            /** @default null */
                            earn?: {
                                amount: number;
                                every: number;
                            } | null;
                            initial: number;
                            max: number;
                        } | null;
                        /** @enum {string} */
                        frequency: "daily" | "weekly" | "monthly";
                        /**
                         * @default all
                         * @enum {string}
                         */
                        mode?: "all" | "any";
                        /**
                         * @description what users may choose for themselves with PATCH /v1/users/:id/preferences: the mode, and thresholds from min to max; null: users may only turn the streak off
                         * @default null
                         */
                        personalization?: {
                            /**
                             * @description users may choose the mode; false when absent
                             * @default false
                             */
                            mode?: boolean;
                            /**
                             * @description the bounds within which users may choose their thresholds; null (or absent): they may not
                             * @default null
                             */
                            thresholds?: {
                                max: number;
                                min: number;
                            } | null;
                        } | null;
                        /**
                         * @description how long before the end of a period that is not met yet streak.reminder_due is sent, as 4h, 90m, 1h30m or 2d (less than a period); null: no reminders
                         * @default null
                         */
                        remindBefore?: string | null;
                        /**
                         * @description periods after a loss during which a restore is allowed
                         * @default 1
                         */
                        restoreWindow?: number;
                        /**
                         * @default monday
                         * @enum {string}
                         */
                        weekStart?: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            rebuild: {
                                done: number;
                                error: string | null;
                                finishedAt: string | null;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "idle" | "running" | "done" | "failed";
                                total: number;
                            };
                            rule: {
                                conditions: {
                                    metric: string;
                                    threshold: number;
                                }[];
                                dayStartsAt: string;
                                defaultTimeZone: string;
                                freezes: {
                                    earn: {
                                        amount: number;
                                        every: number;
                                    } | null;
                                    initial: number;
                                    max: number;
                                } | null;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                /** @enum {string} */
                                mode: "all" | "any";
                                personalization?: {
                                    mode: boolean;
                                    thresholds: {
                                        max: number;
                                        min: number;
                                    } | null;
                                } | null;
                                /** @description reminders: how long before the end of an unmet period; null: none */
                                remindBefore?: string | null;
                                restoreWindow: number;
                                /** @enum {string} */
                                weekStart: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/streak/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the progress of the rebuild after a rule or achievement change */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            done: number;
                            error: string | null;
                            finishedAt: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "idle" | "running" | "done" | "failed";
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/streaks/freezes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant streak freezes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        freezes: {
                            userId: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item, by its place in the body */
                                index: number;
                                /**
                                 * @description the same as severity, for the SDK 1.0.42
                                 * @enum {string}
                                 */
                                level: "error" | "warning";
                                message: string;
                                /** @description the same as message, for the SDK 1.0.42 */
                                reason: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item, by its place in the body */
                                index: number;
                                /**
                                 * @description the same as severity, for the SDK 1.0.42
                                 * @enum {string}
                                 */
                                level: "error" | "warning";
                                message: string;
                                /** @description the same as message, for the SDK 1.0.42 */
                                reason: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/streaks/pauses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause streaks over date ranges */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        pauses: {
                            /** @description YYYY-MM-DD */
                            end: string;
                            /** @description YYYY-MM-DD */
                            start: string;
                            userId: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                end: string;
                                id: string;
                                start: string;
                                /** @enum {string} */
                                status: "active";
                                userId: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                end: string;
                                id: string;
                                start: string;
                                /** @enum {string} */
                                status: "active";
                                userId: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Remove streak pauses */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/streaks/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore lost streaks */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        users: {
                            id: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item, by its place in the body */
                                index: number;
                                /**
                                 * @description the same as severity, for the SDK 1.0.42
                                 * @enum {string}
                                 */
                                level: "error" | "warning";
                                message: string;
                                /** @description the same as message, for the SDK 1.0.42 */
                                reason: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId: string;
                            }[];
                            restoredUsers: string[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item, by its place in the body */
                                index: number;
                                /**
                                 * @description the same as severity, for the SDK 1.0.42
                                 * @enum {string}
                                 */
                                level: "error" | "warning";
                                message: string;
                                /** @description the same as message, for the SDK 1.0.42 */
                                reason: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId: string;
                            }[];
                            restoredUsers: string[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tenants */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            /** @description what clients send as the Tenant-ID header */
                            customerId: string;
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                            updated: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create tenants */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the value clients send as the Tenant-ID header: printable ASCII, unique in the account */
                        customerId: string;
                        name: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                created: string;
                                /** @description what clients send as the Tenant-ID header */
                                customerId: string;
                                id: string;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                updated: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                created: string;
                                /** @description what clients send as the Tenant-ID header */
                                customerId: string;
                                id: string;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                updated: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete tenants */
        delete: {
            parameters: {
                query: {
                    /** @description repeated or comma-separated, 1..100 */
                    ids: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                id: string;
                            }[];
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update tenants */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the value clients send as the Tenant-ID header: printable ASCII, unique in the account */
                        customerId?: string;
                        id: string;
                        name?: string;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issues: {
                                /** @description the item of an update or delete, by its id */
                                id?: string;
                                /** @description the item of a create, by its place in the body */
                                index?: number;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                userId?: string;
                            }[];
                            updated: {
                                created: string;
                                /** @description what clients send as the Tenant-ID header */
                                customerId: string;
                                id: string;
                                name: string;
                                /** @enum {string} */
                                status: "active" | "archived";
                                updated: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/tenants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tenant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            /** @description what clients send as the Tenant-ID header */
                            customerId: string;
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users, a page at a time
         * @description Users in id order, after `after`. With `search`: first the users whose id starts with it (from the ordered id list), then, from the start of the list, those whose email holds it ignoring case (the first run left out); the email part looks at most 2,000 users per request, so a page may hold fewer than `limit` users and still have a `next` to go on from where it stopped.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the cursor: the page starts after this user id (a page's `next`) */
                    after?: string;
                    limit?: number;
                    /** @description users whose id starts with it (first), then users whose email holds it, ignoring case */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the `after` of the next page; null at the end. A search page may hold fewer users than `limit` and still have one */
                            next: string | null;
                            users: {
                                /** @description the streak rule's current length now; 0 without a rule */
                                current: number;
                                email: string | null;
                                id: string;
                                /** @description the instant of the user's latest event; null when none is known */
                                lastActive: string | null;
                                /** @description the streak rule's longest streak; 0 without a rule */
                                longest: number;
                                /** @description the user's IANA zone; null when none was sent (the rule's default applies) */
                                tz: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user with streak history and recent activity */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the user's points in each live points system, its time triggers settled to now, with the latest awards */
                            points: {
                                /** @description newest first, at most 5 */
                                awards: {
                                    awarded: number;
                                    date: string;
                                    id: string;
                                    total: number;
                                    /** @description the trigger's id */
                                    trigger: string;
                                    /**
                                     * @description the trigger's type, or deleted for a trigger deleted since
                                     * @enum {string}
                                     */
                                    triggerType: "metric" | "achievement" | "streak" | "time" | "user_creation" | "deleted";
                                }[];
                                id: string;
                                key: string;
                                level: {
                                    key: string;
                                    name: string;
                                    points: number;
                                } | null;
                                name: string;
                                total: number;
                            }[];
                            /** @description newest first */
                            recent: {
                                date: string;
                                metric: string;
                                value: number;
                            }[];
                            streak: {
                                /** @description local date the streak is lost on unless extended */
                                expires: string | null;
                                /** @description the instant the streak is lost unless extended */
                                expiresAt?: string | null;
                                /** @description the instant of the last extension */
                                extended: string | null;
                                freezeAutoEarnAmount?: number;
                                /** @description periods of streak that earn freezes (when the rule earns them) */
                                freezeAutoEarnInterval?: number;
                                /** @description freezes the user holds (when the rule has freezes) */
                                freezes?: number;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                length: number;
                                longest: number;
                                maxFreezes?: number;
                                pauses: {
                                    end: string;
                                    id: string;
                                    start: string;
                                }[];
                                periodEnd: string | null;
                                periodStart: string | null;
                                /** @description local date the streak started, YYYY-MM-DD */
                                started: string | null;
                                /** @description oldest first, ending with the current period */
                                streakHistory: {
                                    length: number;
                                    periodEnd: string;
                                    periodStart: string;
                                    /** @description absent when the rule has no freezes */
                                    usedFreeze?: boolean;
                                    usedPause: boolean;
                                }[];
                            } | null;
                            user: {
                                achievements: {
                                    achievedAt: string;
                                    badgeUrl?: string | null;
                                    eventAttributes?: {
                                        key: string;
                                        value: string;
                                    }[];
                                    key: string;
                                    length?: number;
                                    metric?: string;
                                    name: string;
                                    prerequisites?: string[];
                                    /** @enum {string} */
                                    status?: "active" | "inactive" | "locked";
                                    streak?: string;
                                    threshold?: number;
                                    /** @enum {string} */
                                    trigger: "metric" | "streak" | "api" | "achievement";
                                    userAttributes?: {
                                        key: string;
                                        value: string;
                                    }[];
                                }[];
                                attributes: {
                                    [key: string]: unknown;
                                };
                                control: boolean;
                                created: string;
                                deviceTokens: string[] | null;
                                email: string | null;
                                id: string;
                                name: string | null;
                                subscribeToEmails: boolean;
                                /** @description the total of each metric, by metric key */
                                totals: {
                                    [key: string]: number;
                                };
                                /** @description IANA time zone */
                                tz: string | null;
                                updated: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Erase a user and everything kept of them */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description erased */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            id: string;
                            types: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                            updated: string;
                            url: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a webhook endpoint (its signing secret is shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description false: made off, sent nothing until turned on
                         * @default true
                         */
                        enabled?: boolean;
                        types: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                        /** @description an absolute http:// or https:// URL of a public address */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            id: string;
                            secret: string;
                            types: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                            updated: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            id: string;
                            types: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                            updated: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook endpoint */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            id: string;
                            types: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                            updated: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a webhook endpoint */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled?: boolean;
                        types?: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                        /** @description an absolute http:// or https:// URL of a public address */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            id: string;
                            types: ("streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished")[];
                            updated: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook endpoint's delivery log */
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: {
                                attempts: number;
                                created: string;
                                /** @description the id in the body and the webhook-id header, the same on every attempt */
                                id: string;
                                lastAttempt: {
                                    at: string;
                                    /** @description why the attempt failed; null when delivered */
                                    error: string | null;
                                    ms: number;
                                    /** @description the first 1 KB of the endpoint's answer */
                                    response: string;
                                    /** @description the endpoint's status code; null when it did not answer */
                                    status: number | null;
                                } | null;
                                /** @description when a pending delivery is tried next */
                                nextAttempt: string | null;
                                /** @description the body sent */
                                payload: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                status: "pending" | "delivered" | "failed";
                                /** @enum {string} */
                                type: "streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished";
                                userId: string;
                            }[];
                            /** @description the cursor of the next (older) page; null after the last */
                            next: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook delivery again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: number;
                            created: string;
                            /** @description the id in the body and the webhook-id header, the same on every attempt */
                            id: string;
                            lastAttempt: {
                                at: string;
                                /** @description why the attempt failed; null when delivered */
                                error: string | null;
                                ms: number;
                                /** @description the first 1 KB of the endpoint's answer */
                                response: string;
                                /** @description the endpoint's status code; null when it did not answer */
                                status: number | null;
                            } | null;
                            /** @description when a pending delivery is tried next */
                            nextAttempt: string | null;
                            /** @description the body sent */
                            payload: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed";
                            /** @enum {string} */
                            type: "streak.started" | "streak.extended" | "streak.lost" | "streak.freeze_consumed" | "streak.freeze_earned" | "streak.reminder_due" | "emails.streak_reminder_due" | "achievement.completed" | "points.changed" | "points.level_changed" | "points.boost_started" | "points.boost_finished";
                            userId: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics/{key}/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a metric event */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "idempotency-key"?: string;
                };
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description when the event happened (Kindling’s extension): an RFC 3339 instant such as 2026-01-02T10:00:00Z, or epoch milliseconds; absent: now */
                        at?: string | number;
                        /** @description custom event attributes, key → value: each key declared as an event attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        } | null;
                        user: {
                            /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                            attributes?: {
                                [key: string]: string;
                            };
                            /** @description push tokens of the user’s devices */
                            deviceTokens?: string[];
                            email?: string;
                            id: string;
                            name?: string;
                            /** @description false: the user’s email address is not kept */
                            subscribeToEmails?: boolean;
                            /** @description IANA time zone of the user, e.g. Europe/Berlin */
                            tz?: string;
                        };
                        /** @description what the event adds to the metric; may be negative or fractional, at most 1e12 either way */
                        value: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the achievements this event completed */
                            achievements: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            changes: ({
                                /** @description streak.started, streak.extended, freeze.consumed, freeze.earned, pause.used, streak.lost, streak.restored, achievement.completed */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            currentStreak: {
                                /** @description local date the streak is lost on unless extended */
                                expires: string | null;
                                extended: boolean;
                                freezeAutoEarnAmount?: number;
                                /** @description periods of streak that earn freezes (when the rule earns them) */
                                freezeAutoEarnInterval?: number;
                                /** @description freezes the user holds (when the rule has freezes) */
                                freezes?: number;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                length: number;
                                maxFreezes?: number;
                                periodEnd: string | null;
                                periodStart: string | null;
                                /** @description local date the streak started, YYYY-MM-DD */
                                started: string | null;
                            };
                            eventId: string;
                            /** @description when the request carried an Idempotency-Key */
                            idempotencyKey?: string;
                            /** @description true when this answer is the first one, replayed */
                            idempotentReplayed?: boolean;
                            /** @description each leaderboard the event moved the user’s value on, by key */
                            leaderboards: {
                                [key: string]: {
                                    breakdownAttribute: string | null;
                                    breakdownAttributes: string[];
                                    breakdownAttributeValue?: string | null;
                                    breakdownAttributeValues: {
                                        key: string;
                                        value: string;
                                    }[];
                                    description: string | null;
                                    end: string | null;
                                    endTime: string | null;
                                    id: string;
                                    key: string;
                                    maxParticipants: number | null;
                                    metricKey?: string;
                                    metricName?: string;
                                    name: string;
                                    pointsSystemKey?: string;
                                    pointsSystemName?: string;
                                    previousRank: number | null;
                                    previousValue?: number | null;
                                    rank: number | null;
                                    /** @enum {string} */
                                    rankBy: "metric" | "points" | "streak";
                                    runInterval: number | null;
                                    /** @enum {string|null} */
                                    runUnit: "day" | "month" | "year" | null;
                                    start: string;
                                    startTime: string | null;
                                    threshold: number;
                                    value?: number | null;
                                };
                            };
                            metricId: string;
                            /** @description each points system the event moved, by key; {} when none */
                            points: {
                                [key: string]: {
                                    added: number;
                                    awards: {
                                        awarded: number;
                                        boosts: {
                                            end: string | null;
                                            id: string;
                                            multiplier: number;
                                            name: string;
                                            /** @enum {string} */
                                            rounding: "down" | "up" | "nearest";
                                            start: string;
                                            /** @enum {string} */
                                            status: "active" | "scheduled" | "finished";
                                        }[];
                                        date: string;
                                        id: string;
                                        total: number;
                                        trigger: {
                                            achievementId?: string;
                                            achievementName?: string;
                                            created: string;
                                            eventAttributes?: {
                                                key: string;
                                                value: string;
                                            }[];
                                            id: string;
                                            metricId?: string;
                                            metricName?: string;
                                            metricThreshold?: number;
                                            points: number;
                                            /** @enum {string} */
                                            status: "active" | "inactive" | "archived";
                                            streakLengthThreshold?: number;
                                            timeInterval?: number;
                                            /** @enum {string} */
                                            timeUnit?: "hour" | "day";
                                            /** @enum {string} */
                                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                            updated: string;
                                            userAttributes: {
                                                key: string;
                                                value: string;
                                            }[];
                                        };
                                    }[];
                                    badgeUrl: string | null;
                                    description: string | null;
                                    id: string;
                                    key: string;
                                    level?: {
                                        badgeUrl: string | null;
                                        description: string;
                                        id: string;
                                        key: string;
                                        name: string;
                                        points: number;
                                    } | null;
                                    maxPoints: number | null;
                                    name: string;
                                    total: number;
                                };
                            };
                            /** @description the user's total of the metric after the event */
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the achievements this event completed */
                            achievements: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            changes: ({
                                /** @description streak.started, streak.extended, freeze.consumed, freeze.earned, pause.used, streak.lost, streak.restored, achievement.completed */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            currentStreak: {
                                /** @description local date the streak is lost on unless extended */
                                expires: string | null;
                                extended: boolean;
                                freezeAutoEarnAmount?: number;
                                /** @description periods of streak that earn freezes (when the rule earns them) */
                                freezeAutoEarnInterval?: number;
                                /** @description freezes the user holds (when the rule has freezes) */
                                freezes?: number;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                length: number;
                                maxFreezes?: number;
                                periodEnd: string | null;
                                periodStart: string | null;
                                /** @description local date the streak started, YYYY-MM-DD */
                                started: string | null;
                            };
                            eventId: string;
                            /** @description when the request carried an Idempotency-Key */
                            idempotencyKey?: string;
                            /** @description true when this answer is the first one, replayed */
                            idempotentReplayed?: boolean;
                            /** @description each leaderboard the event moved the user’s value on, by key */
                            leaderboards: {
                                [key: string]: {
                                    breakdownAttribute: string | null;
                                    breakdownAttributes: string[];
                                    breakdownAttributeValue?: string | null;
                                    breakdownAttributeValues: {
                                        key: string;
                                        value: string;
                                    }[];
                                    description: string | null;
                                    end: string | null;
                                    endTime: string | null;
                                    id: string;
                                    key: string;
                                    maxParticipants: number | null;
                                    metricKey?: string;
                                    metricName?: string;
                                    name: string;
                                    pointsSystemKey?: string;
                                    pointsSystemName?: string;
                                    previousRank: number | null;
                                    previousValue?: number | null;
                                    rank: number | null;
                                    /** @enum {string} */
                                    rankBy: "metric" | "points" | "streak";
                                    runInterval: number | null;
                                    /** @enum {string|null} */
                                    runUnit: "day" | "month" | "year" | null;
                                    start: string;
                                    startTime: string | null;
                                    threshold: number;
                                    value?: number | null;
                                };
                            };
                            metricId: string;
                            /** @description each points system the event moved, by key; {} when none */
                            points: {
                                [key: string]: {
                                    added: number;
                                    awards: {
                                        awarded: number;
                                        boosts: {
                                            end: string | null;
                                            id: string;
                                            multiplier: number;
                                            name: string;
                                            /** @enum {string} */
                                            rounding: "down" | "up" | "nearest";
                                            start: string;
                                            /** @enum {string} */
                                            status: "active" | "scheduled" | "finished";
                                        }[];
                                        date: string;
                                        id: string;
                                        total: number;
                                        trigger: {
                                            achievementId?: string;
                                            achievementName?: string;
                                            created: string;
                                            eventAttributes?: {
                                                key: string;
                                                value: string;
                                            }[];
                                            id: string;
                                            metricId?: string;
                                            metricName?: string;
                                            metricThreshold?: number;
                                            points: number;
                                            /** @enum {string} */
                                            status: "active" | "inactive" | "archived";
                                            streakLengthThreshold?: number;
                                            timeInterval?: number;
                                            /** @enum {string} */
                                            timeUnit?: "hour" | "day";
                                            /** @enum {string} */
                                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                            updated: string;
                                            userAttributes: {
                                                key: string;
                                                value: string;
                                            }[];
                                        };
                                    }[];
                                    badgeUrl: string | null;
                                    description: string | null;
                                    id: string;
                                    key: string;
                                    level?: {
                                        badgeUrl: string | null;
                                        description: string;
                                        id: string;
                                        key: string;
                                        name: string;
                                        points: number;
                                    } | null;
                                    maxPoints: number | null;
                                    name: string;
                                    total: number;
                                };
                            };
                            /** @description the user's total of the metric after the event */
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Identify a user (upsert; the path of the hosted service documentation snippets)
         * @description Creates the user, or changes the fields given of a known user (attributes key by key), as the hosted service identifies: a field not given (or null) is left as it is, so a call that names only the name keeps the user’s email consent.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description push tokens of the user’s devices */
                        deviceTokens?: string[];
                        email?: string;
                        name?: string;
                        /** @description false: the user’s email address is not kept */
                        subscribeToEmails?: boolean;
                        /** @description IANA time zone of the user, e.g. Europe/Berlin */
                        tz?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                [key: string]: unknown;
                            };
                            control: boolean;
                            created: string;
                            deviceTokens: string[] | null;
                            email: string | null;
                            id: string;
                            name: string | null;
                            subscribeToEmails: boolean;
                            /** @description the total of each metric, by metric key */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description IANA time zone */
                            tz: string | null;
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/achievements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List achievements with their completion stats */
        get: {
            parameters: {
                query?: {
                    /** @description attr:value,attr:value: only the achievements a user with these attributes may complete (those without user attribute filters, and those whose filters they all hold) */
                    userAttributes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description trigger achievement (a composite): the ids of the achievements it needs */
                            achievementIds?: string[];
                            badgeUrl: string | null;
                            /** @description users who completed it */
                            completions: number;
                            description: string | null;
                            /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                            eventAttribute?: {
                                key: string;
                                value: string;
                            };
                            /** @description trigger metric */
                            eventAttributes?: {
                                key: string;
                                value: string;
                            }[];
                            id: string;
                            key: string;
                            /** @description trigger metric */
                            metricId?: string | null;
                            /** @description trigger metric */
                            metricName?: string | null;
                            /** @description trigger metric: the total that completes it */
                            metricValue?: number | null;
                            name: string;
                            /** @description percent of the account's users who completed it */
                            rarity: number;
                            /** @description trigger streak: the length that completes it */
                            streakLength?: number | null;
                            /** @enum {string} */
                            trigger: "metric" | "streak" | "api" | "achievement";
                            userAttributes: {
                                key: string;
                                value: string;
                            }[];
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/achievements/{key}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete an API achievement for a user */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        user: {
                            /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                            attributes?: {
                                [key: string]: string;
                            };
                            /** @description push tokens of the user’s devices */
                            deviceTokens?: string[];
                            email?: string;
                            id: string;
                            name?: string;
                            /** @description false: the user’s email address is not kept */
                            subscribeToEmails?: boolean;
                            /** @description IANA time zone of the user, e.g. Europe/Berlin */
                            tz?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achievement: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            };
                            completionId: string;
                            /** @description each points system the event moved, by key; {} when none */
                            points: {
                                [key: string]: {
                                    added: number;
                                    awards: {
                                        awarded: number;
                                        boosts: {
                                            end: string | null;
                                            id: string;
                                            multiplier: number;
                                            name: string;
                                            /** @enum {string} */
                                            rounding: "down" | "up" | "nearest";
                                            start: string;
                                            /** @enum {string} */
                                            status: "active" | "scheduled" | "finished";
                                        }[];
                                        date: string;
                                        id: string;
                                        total: number;
                                        trigger: {
                                            achievementId?: string;
                                            achievementName?: string;
                                            created: string;
                                            eventAttributes?: {
                                                key: string;
                                                value: string;
                                            }[];
                                            id: string;
                                            metricId?: string;
                                            metricName?: string;
                                            metricThreshold?: number;
                                            points: number;
                                            /** @enum {string} */
                                            status: "active" | "inactive" | "archived";
                                            streakLengthThreshold?: number;
                                            timeInterval?: number;
                                            /** @enum {string} */
                                            timeUnit?: "hour" | "day";
                                            /** @enum {string} */
                                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                            updated: string;
                                            userAttributes: {
                                                key: string;
                                                value: string;
                                            }[];
                                        };
                                    }[];
                                    badgeUrl: string | null;
                                    description: string | null;
                                    id: string;
                                    key: string;
                                    level?: {
                                        badgeUrl: string | null;
                                        description: string;
                                        id: string;
                                        key: string;
                                        name: string;
                                        points: number;
                                    } | null;
                                    maxPoints: number | null;
                                    name: string;
                                    total: number;
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leaderboards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the leaderboards users may see */
        get: {
            parameters: {
                query?: {
                    /** @description finished leaderboards too */
                    includeFinished?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            breakdownAttribute: string | null;
                            breakdownAttributes: string[];
                            description: string | null;
                            end: string | null;
                            endTime: string | null;
                            id: string;
                            key: string;
                            maxParticipants: number | null;
                            metricKey?: string;
                            metricName?: string;
                            name: string;
                            pointsSystemKey?: string;
                            pointsSystemName?: string;
                            /** @enum {string} */
                            rankBy: "metric" | "points" | "streak";
                            runInterval: number | null;
                            /** @enum {string|null} */
                            runUnit: "day" | "month" | "year" | null;
                            start: string;
                            startTime: string | null;
                            /** @enum {string} */
                            status: "active" | "scheduled" | "finished";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leaderboards/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a leaderboard's rankings */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description ranks skipped; with userId from that user’s rank, and may be negative (around a user, clamped at rank 1) */
                    offset?: number;
                    /** @description a date inside the run asked for (YYYY-MM-DD) */
                    run?: string;
                    /** @description attr:value,…: the breakdown group, every breakdown attribute once */
                    userAttributes?: string;
                    userId?: string;
                };
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            breakdownAttribute: string | null;
                            breakdownAttributes: string[];
                            description: string | null;
                            end: string | null;
                            endTime: string | null;
                            id: string;
                            key: string;
                            maxParticipants: number | null;
                            metricKey?: string;
                            metricName?: string;
                            name: string;
                            participants: number;
                            pointsSystemKey?: string;
                            pointsSystemName?: string;
                            /** @enum {string} */
                            rankBy: "metric" | "points" | "streak";
                            rankings: {
                                rank: number;
                                userId: string;
                                userName: string | null;
                                value: number;
                            }[];
                            runEnd: string | null;
                            runEndsAt: string | null;
                            runInterval: number | null;
                            runStart: string;
                            /** @enum {string|null} */
                            runUnit: "day" | "month" | "year" | null;
                            start: string;
                            startTime: string | null;
                            /** @enum {string} */
                            status: "active" | "scheduled" | "finished";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics/{key}/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a metric event (hosted-service SDK path) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "idempotency-key"?: string;
                };
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description when the event happened (Kindling’s extension): an RFC 3339 instant such as 2026-01-02T10:00:00Z, or epoch milliseconds; absent: now */
                        at?: string | number;
                        /** @description custom event attributes, key → value: each key declared as an event attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        } | null;
                        user: {
                            /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                            attributes?: {
                                [key: string]: string;
                            };
                            /** @description push tokens of the user’s devices */
                            deviceTokens?: string[];
                            email?: string;
                            id: string;
                            name?: string;
                            /** @description false: the user’s email address is not kept */
                            subscribeToEmails?: boolean;
                            /** @description IANA time zone of the user, e.g. Europe/Berlin */
                            tz?: string;
                        };
                        /** @description what the event adds to the metric; may be negative or fractional, at most 1e12 either way */
                        value: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the achievements this event completed */
                            achievements: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            changes: ({
                                /** @description streak.started, streak.extended, freeze.consumed, freeze.earned, pause.used, streak.lost, streak.restored, achievement.completed */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            currentStreak: {
                                /** @description local date the streak is lost on unless extended */
                                expires: string | null;
                                extended: boolean;
                                freezeAutoEarnAmount?: number;
                                /** @description periods of streak that earn freezes (when the rule earns them) */
                                freezeAutoEarnInterval?: number;
                                /** @description freezes the user holds (when the rule has freezes) */
                                freezes?: number;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                length: number;
                                maxFreezes?: number;
                                periodEnd: string | null;
                                periodStart: string | null;
                                /** @description local date the streak started, YYYY-MM-DD */
                                started: string | null;
                            };
                            eventId: string;
                            /** @description when the request carried an Idempotency-Key */
                            idempotencyKey?: string;
                            /** @description true when this answer is the first one, replayed */
                            idempotentReplayed?: boolean;
                            /** @description each leaderboard the event moved the user’s value on, by key */
                            leaderboards: {
                                [key: string]: {
                                    breakdownAttribute: string | null;
                                    breakdownAttributes: string[];
                                    breakdownAttributeValue?: string | null;
                                    breakdownAttributeValues: {
                                        key: string;
                                        value: string;
                                    }[];
                                    description: string | null;
                                    end: string | null;
                                    endTime: string | null;
                                    id: string;
                                    key: string;
                                    maxParticipants: number | null;
                                    metricKey?: string;
                                    metricName?: string;
                                    name: string;
                                    pointsSystemKey?: string;
                                    pointsSystemName?: string;
                                    previousRank: number | null;
                                    previousValue?: number | null;
                                    rank: number | null;
                                    /** @enum {string} */
                                    rankBy: "metric" | "points" | "streak";
                                    runInterval: number | null;
                                    /** @enum {string|null} */
                                    runUnit: "day" | "month" | "year" | null;
                                    start: string;
                                    startTime: string | null;
                                    threshold: number;
                                    value?: number | null;
                                };
                            };
                            metricId: string;
                            /** @description each points system the event moved, by key; {} when none */
                            points: {
                                [key: string]: {
                                    added: number;
                                    awards: {
                                        awarded: number;
                                        boosts: {
                                            end: string | null;
                                            id: string;
                                            multiplier: number;
                                            name: string;
                                            /** @enum {string} */
                                            rounding: "down" | "up" | "nearest";
                                            start: string;
                                            /** @enum {string} */
                                            status: "active" | "scheduled" | "finished";
                                        }[];
                                        date: string;
                                        id: string;
                                        total: number;
                                        trigger: {
                                            achievementId?: string;
                                            achievementName?: string;
                                            created: string;
                                            eventAttributes?: {
                                                key: string;
                                                value: string;
                                            }[];
                                            id: string;
                                            metricId?: string;
                                            metricName?: string;
                                            metricThreshold?: number;
                                            points: number;
                                            /** @enum {string} */
                                            status: "active" | "inactive" | "archived";
                                            streakLengthThreshold?: number;
                                            timeInterval?: number;
                                            /** @enum {string} */
                                            timeUnit?: "hour" | "day";
                                            /** @enum {string} */
                                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                            updated: string;
                                            userAttributes: {
                                                key: string;
                                                value: string;
                                            }[];
                                        };
                                    }[];
                                    badgeUrl: string | null;
                                    description: string | null;
                                    id: string;
                                    key: string;
                                    level?: {
                                        badgeUrl: string | null;
                                        description: string;
                                        id: string;
                                        key: string;
                                        name: string;
                                        points: number;
                                    } | null;
                                    maxPoints: number | null;
                                    name: string;
                                    total: number;
                                };
                            };
                            /** @description the user's total of the metric after the event */
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the achievements this event completed */
                            achievements: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            changes: ({
                                /** @description streak.started, streak.extended, freeze.consumed, freeze.earned, pause.used, streak.lost, streak.restored, achievement.completed */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            currentStreak: {
                                /** @description local date the streak is lost on unless extended */
                                expires: string | null;
                                extended: boolean;
                                freezeAutoEarnAmount?: number;
                                /** @description periods of streak that earn freezes (when the rule earns them) */
                                freezeAutoEarnInterval?: number;
                                /** @description freezes the user holds (when the rule has freezes) */
                                freezes?: number;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                length: number;
                                maxFreezes?: number;
                                periodEnd: string | null;
                                periodStart: string | null;
                                /** @description local date the streak started, YYYY-MM-DD */
                                started: string | null;
                            };
                            eventId: string;
                            /** @description when the request carried an Idempotency-Key */
                            idempotencyKey?: string;
                            /** @description true when this answer is the first one, replayed */
                            idempotentReplayed?: boolean;
                            /** @description each leaderboard the event moved the user’s value on, by key */
                            leaderboards: {
                                [key: string]: {
                                    breakdownAttribute: string | null;
                                    breakdownAttributes: string[];
                                    breakdownAttributeValue?: string | null;
                                    breakdownAttributeValues: {
                                        key: string;
                                        value: string;
                                    }[];
                                    description: string | null;
                                    end: string | null;
                                    endTime: string | null;
                                    id: string;
                                    key: string;
                                    maxParticipants: number | null;
                                    metricKey?: string;
                                    metricName?: string;
                                    name: string;
                                    pointsSystemKey?: string;
                                    pointsSystemName?: string;
                                    previousRank: number | null;
                                    previousValue?: number | null;
                                    rank: number | null;
                                    /** @enum {string} */
                                    rankBy: "metric" | "points" | "streak";
                                    runInterval: number | null;
                                    /** @enum {string|null} */
                                    runUnit: "day" | "month" | "year" | null;
                                    start: string;
                                    startTime: string | null;
                                    threshold: number;
                                    value?: number | null;
                                };
                            };
                            metricId: string;
                            /** @description each points system the event moved, by key; {} when none */
                            points: {
                                [key: string]: {
                                    added: number;
                                    awards: {
                                        awarded: number;
                                        boosts: {
                                            end: string | null;
                                            id: string;
                                            multiplier: number;
                                            name: string;
                                            /** @enum {string} */
                                            rounding: "down" | "up" | "nearest";
                                            start: string;
                                            /** @enum {string} */
                                            status: "active" | "scheduled" | "finished";
                                        }[];
                                        date: string;
                                        id: string;
                                        total: number;
                                        trigger: {
                                            achievementId?: string;
                                            achievementName?: string;
                                            created: string;
                                            eventAttributes?: {
                                                key: string;
                                                value: string;
                                            }[];
                                            id: string;
                                            metricId?: string;
                                            metricName?: string;
                                            metricThreshold?: number;
                                            points: number;
                                            /** @enum {string} */
                                            status: "active" | "inactive" | "archived";
                                            streakLengthThreshold?: number;
                                            timeInterval?: number;
                                            /** @enum {string} */
                                            timeUnit?: "hour" | "day";
                                            /** @enum {string} */
                                            type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                            updated: string;
                                            userAttributes: {
                                                key: string;
                                                value: string;
                                            }[];
                                        };
                                    }[];
                                    badgeUrl: string | null;
                                    description: string | null;
                                    id: string;
                                    key: string;
                                    level?: {
                                        badgeUrl: string | null;
                                        description: string;
                                        id: string;
                                        key: string;
                                        name: string;
                                        points: number;
                                    } | null;
                                    maxPoints: number | null;
                                    name: string;
                                    total: number;
                                };
                            };
                            /** @description the user's total of the metric after the event */
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a points system and its active triggers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            badgeUrl: string | null;
                            description: string | null;
                            id: string;
                            maxPoints: number | null;
                            name: string;
                            triggers: {
                                achievementId?: string;
                                achievementName?: string;
                                created: string;
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                metricId?: string;
                                metricName?: string;
                                metricThreshold?: number;
                                points: number;
                                /** @enum {string} */
                                status: "active" | "inactive" | "archived";
                                streakLengthThreshold?: number;
                                timeInterval?: number;
                                /** @enum {string} */
                                timeUnit?: "hour" | "day";
                                /** @enum {string} */
                                type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                updated: string;
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points/{key}/boosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a points system's global boosts */
        get: {
            parameters: {
                query?: {
                    /** @description finished boosts too */
                    includeFinished?: boolean;
                };
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            end: string | null;
                            id: string;
                            multiplier: number;
                            name: string;
                            /** @enum {string} */
                            rounding: "down" | "up" | "nearest";
                            start: string;
                            /** @enum {string} */
                            status: "active" | "scheduled" | "finished";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points/{key}/level-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get how many users hold each level of a points system */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            level: {
                                badgeUrl: string | null;
                                description: string;
                                id: string;
                                key: string;
                                name: string;
                                points: number;
                            };
                            users: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points/{key}/levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a points system's levels, by ascending threshold */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            badgeUrl: string | null;
                            description: string;
                            id: string;
                            key: string;
                            name: string;
                            points: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points/{key}/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get how a points system's users spread over its totals, in eleven ranges */
        get: {
            parameters: {
                query?: {
                    /** @description attr:value,attr:value: only users holding every pair (a scan of the users, at most 10,000) */
                    userAttributes?: string;
                };
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: number;
                            to: number;
                            users: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/streaks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the streaks of several users */
        get: {
            parameters: {
                query: {
                    userIds: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            extended: string | null;
                            streakLength: number;
                            userId: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/streaks/rankings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not served: streak rankings of all users */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                501: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Identify a new user
         * @description Creates the user ahead of any event (201). An id already known is updated with the fields given, as PATCH does (200).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description push tokens of the user’s devices */
                        deviceTokens?: string[];
                        email?: string;
                        id: string;
                        name?: string;
                        /** @description false: the user’s email address is not kept */
                        subscribeToEmails?: boolean;
                        /** @description IANA time zone of the user, e.g. Europe/Berlin */
                        tz?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                [key: string]: unknown;
                            };
                            control: boolean;
                            created: string;
                            deviceTokens: string[] | null;
                            email: string | null;
                            id: string;
                            name: string | null;
                            subscribeToEmails: boolean;
                            /** @description the total of each metric, by metric key */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description IANA time zone */
                            tz: string | null;
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                [key: string]: unknown;
                            };
                            control: boolean;
                            created: string;
                            deviceTokens: string[] | null;
                            email: string | null;
                            id: string;
                            name: string | null;
                            subscribeToEmails: boolean;
                            /** @description the total of each metric, by metric key */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description IANA time zone */
                            tz: string | null;
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                [key: string]: unknown;
                            };
                            control: boolean;
                            created: string;
                            deviceTokens: string[] | null;
                            email: string | null;
                            id: string;
                            name: string | null;
                            subscribeToEmails: boolean;
                            /** @description the total of each metric, by metric key */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description IANA time zone */
                            tz: string | null;
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Identify a user (upsert)
         * @description Creates the user, or changes the fields given of a known user (attributes key by key), as the hosted service identifies: a field not given (or null) is left as it is, so a call that names only the name keeps the user’s email consent.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description push tokens of the user’s devices */
                        deviceTokens?: string[];
                        email?: string;
                        name?: string;
                        /** @description false: the user’s email address is not kept */
                        subscribeToEmails?: boolean;
                        /** @description IANA time zone of the user, e.g. Europe/Berlin */
                        tz?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                [key: string]: unknown;
                            };
                            control: boolean;
                            created: string;
                            deviceTokens: string[] | null;
                            email: string | null;
                            id: string;
                            name: string | null;
                            subscribeToEmails: boolean;
                            /** @description the total of each metric, by metric key */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description IANA time zone */
                            tz: string | null;
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a user
         * @description Changes the fields given of a known user (attributes key by key); 404 for an unknown id.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes) */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description push tokens of the user’s devices */
                        deviceTokens?: string[];
                        email?: string;
                        name?: string;
                        /** @description false: the user’s email address is not kept */
                        subscribeToEmails?: boolean;
                        /** @description IANA time zone of the user, e.g. Europe/Berlin */
                        tz?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                [key: string]: unknown;
                            };
                            control: boolean;
                            created: string;
                            deviceTokens: string[] | null;
                            email: string | null;
                            id: string;
                            name: string | null;
                            subscribeToEmails: boolean;
                            /** @description the total of each metric, by metric key */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description IANA time zone */
                            tz: string | null;
                            updated: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/users/{id}/achievements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's achievements */
        get: {
            parameters: {
                query?: {
                    /** @description "true": the incomplete achievements too; anything else: the completed ones only */
                    includeIncomplete?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achievedAt: string | null;
                            /** @description trigger achievement (a composite): the ids of the achievements it needs */
                            achievementIds?: string[];
                            badgeUrl: string | null;
                            /** @description users who completed it */
                            completions: number;
                            description: string | null;
                            /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                            eventAttribute?: {
                                key: string;
                                value: string;
                            };
                            /** @description trigger metric */
                            eventAttributes?: {
                                key: string;
                                value: string;
                            }[];
                            id: string;
                            key: string;
                            /** @description trigger metric */
                            metricId?: string | null;
                            /** @description trigger metric */
                            metricName?: string | null;
                            /** @description trigger metric: the total that completes it */
                            metricValue?: number | null;
                            name: string;
                            /** @description percent of the account's users who completed it */
                            rarity: number;
                            /** @description trigger streak: the length that completes it */
                            streakLength?: number | null;
                            /** @enum {string} */
                            trigger: "metric" | "streak" | "api" | "achievement";
                            userAttributes: {
                                key: string;
                                value: string;
                            }[];
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/leaderboards/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not served: leaderboards */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                501: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's total of every active metric, with each metric's achievements */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achievements: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            /** @description the user's total of the metric */
                            current: number;
                            id: string;
                            key: string;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/metrics/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's total of one metric, with the metric's achievements */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achievements: {
                                achievedAt: string | null;
                                /** @description trigger achievement (a composite): the ids of the achievements it needs */
                                achievementIds?: string[];
                                badgeUrl: string | null;
                                description: string | null;
                                /** @description deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one */
                                eventAttribute?: {
                                    key: string;
                                    value: string;
                                };
                                /** @description trigger metric */
                                eventAttributes?: {
                                    key: string;
                                    value: string;
                                }[];
                                id: string;
                                key: string;
                                /** @description trigger metric */
                                metricId?: string | null;
                                /** @description trigger metric */
                                metricName?: string | null;
                                /** @description trigger metric: the total that completes it */
                                metricValue?: number | null;
                                name: string;
                                /** @description trigger streak: the length that completes it */
                                streakLength?: number | null;
                                /** @enum {string} */
                                trigger: "metric" | "streak" | "api" | "achievement";
                                userAttributes: {
                                    key: string;
                                    value: string;
                                }[];
                            }[];
                            /** @description the user's total of the metric */
                            current: number;
                            id: string;
                            key: string;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "archived";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/metrics/{key}/event-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's metric per local day, week or month: what each added, and the total at its end */
        get: {
            parameters: {
                query: {
                    aggregation: "daily" | "weekly" | "monthly";
                    /** @description YYYY-MM-DD, at most 400 days after startDate */
                    endDate: string;
                    /** @description YYYY-MM-DD */
                    startDate: string;
                };
                header?: never;
                path: {
                    id: string;
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description what the user's events added in the period */
                            change: number;
                            /** @description the first local date of the period (YYYY-MM-DD) */
                            date: string;
                            /** @description the user's total at the end of the period */
                            total: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/points/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's total, level and most recent awards in one points system */
        get: {
            parameters: {
                query?: {
                    /** @description how many recent awards */
                    awards?: number;
                };
                header?: never;
                path: {
                    id: string;
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the most recent first */
                            awards: {
                                awarded: number;
                                boosts: {
                                    end: string | null;
                                    id: string;
                                    multiplier: number;
                                    name: string;
                                    /** @enum {string} */
                                    rounding: "down" | "up" | "nearest";
                                    start: string;
                                    /** @enum {string} */
                                    status: "active" | "scheduled" | "finished";
                                }[];
                                date: string;
                                id: string;
                                total: number;
                                trigger: {
                                    achievementId?: string;
                                    achievementName?: string;
                                    created: string;
                                    eventAttributes?: {
                                        key: string;
                                        value: string;
                                    }[];
                                    id: string;
                                    metricId?: string;
                                    metricName?: string;
                                    metricThreshold?: number;
                                    points: number;
                                    /** @enum {string} */
                                    status: "active" | "inactive" | "archived";
                                    streakLengthThreshold?: number;
                                    timeInterval?: number;
                                    /** @enum {string} */
                                    timeUnit?: "hour" | "day";
                                    /** @enum {string} */
                                    type: "metric" | "achievement" | "streak" | "time" | "user_creation";
                                    updated: string;
                                    userAttributes: {
                                        key: string;
                                        value: string;
                                    }[];
                                };
                            }[];
                            badgeUrl: string | null;
                            description: string | null;
                            id: string;
                            key: string;
                            level: {
                                badgeUrl: string | null;
                                description: string;
                                id: string;
                                key: string;
                                name: string;
                                points: number;
                            } | null;
                            maxPoints: number | null;
                            name: string;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/points/{key}/boosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the boosts active for a user in one points system: their own and the global ones for them */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            end: string | null;
                            id: string;
                            multiplier: number;
                            name: string;
                            /** @enum {string} */
                            rounding: "down" | "up" | "nearest";
                            start: string;
                            /** @enum {string} */
                            status: "active" | "scheduled" | "finished";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/points/{key}/event-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's points per local day, week or month: what each changed, and the total at its end */
        get: {
            parameters: {
                query: {
                    aggregation: "daily" | "weekly" | "monthly";
                    /** @description YYYY-MM-DD, at most 400 days after startDate */
                    endDate: string;
                    /** @description YYYY-MM-DD */
                    startDate: string;
                };
                header?: never;
                path: {
                    id: string;
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description what the user's events added in the period */
                            change: number;
                            /** @description the first local date of the period (YYYY-MM-DD) */
                            date: string;
                            /** @description the user's total at the end of the period */
                            total: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's preferences */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            notifications: {
                                achievement_completed?: ("email" | "push")[];
                                reactivation?: ("email" | "push")[];
                                recap?: ("email" | "push")[];
                                streak_reminder?: ("email" | "push")[];
                            };
                            streak?: {
                                enabled: boolean;
                                /**
                                 * @description OR: any one threshold; AND: all of them
                                 * @enum {string}
                                 */
                                evaluationMode: "OR" | "AND";
                                metrics: {
                                    key: string;
                                    threshold: number;
                                }[];
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a user's preferences
         * @description notifications: per type the channels wanted (an empty list opts out). streak: enabled false keeps the user’s streak at 0; evaluationMode and metrics (thresholds within the owner’s bounds) need the streak rule’s personalization, else 403 PERSONALIZATION_OFF.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        notifications?: {
                            achievement_completed?: ("email" | "push")[];
                            reactivation?: ("email" | "push")[];
                            recap?: ("email" | "push")[];
                            streak_reminder?: ("email" | "push")[];
                        };
                        streak?: {
                            /** @description false: the user’s streak stays 0 and no streak news is sent */
                            enabled?: boolean;
                            /**
                             * @description OR: any one threshold; AND: all of them
                             * @enum {string}
                             */
                            evaluationMode?: "OR" | "AND";
                            metrics?: {
                                key: string;
                                threshold: number;
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            notifications: {
                                achievement_completed?: ("email" | "push")[];
                                reactivation?: ("email" | "push")[];
                                recap?: ("email" | "push")[];
                                streak_reminder?: ("email" | "push")[];
                            };
                            streak?: {
                                enabled: boolean;
                                /**
                                 * @description OR: any one threshold; AND: all of them
                                 * @enum {string}
                                 */
                                evaluationMode: "OR" | "AND";
                                metrics: {
                                    key: string;
                                    threshold: number;
                                }[];
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/users/{id}/streak": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user's streak with its history */
        get: {
            parameters: {
                query?: {
                    historyPeriods?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description local date the streak is lost on unless extended */
                            expires: string | null;
                            /** @description the instant the streak is lost unless extended */
                            expiresAt?: string | null;
                            /** @description the instant of the last extension */
                            extended: string | null;
                            freezeAutoEarnAmount?: number;
                            /** @description periods of streak that earn freezes (when the rule earns them) */
                            freezeAutoEarnInterval?: number;
                            /** @description freezes the user holds (when the rule has freezes) */
                            freezes?: number;
                            /** @enum {string} */
                            frequency: "daily" | "weekly" | "monthly";
                            length: number;
                            longest: number;
                            maxFreezes?: number;
                            pauses: {
                                end: string;
                                id: string;
                                start: string;
                            }[];
                            periodEnd: string | null;
                            periodStart: string | null;
                            /** @description local date the streak started, YYYY-MM-DD */
                            started: string | null;
                            /** @description oldest first, ending with the current period */
                            streakHistory: {
                                length: number;
                                periodEnd: string;
                                periodStart: string;
                                /** @description absent when the rule has no freezes */
                                usedFreeze?: boolean;
                                usedPause: boolean;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/wrapped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not served: the year in review (wrapped) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                501: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorBody: {
            /** @enum {string} */
            code: "INVALID_INPUT" | "INVALID_TIME_ZONE" | "INVALID_DATE" | "INVALID_CONFIG" | "UNKNOWN_METRIC" | "UNKNOWN_ACHIEVEMENT" | "UNKNOWN_STREAK" | "UNKNOWN_USER" | "UNKNOWN_PAUSE" | "UNKNOWN_POINTS_SYSTEM" | "UNKNOWN_LEADERBOARD" | "SUM_OUT_OF_RANGE" | "TOO_MANY_ATTRIBUTE_SETS" | "PERSONALIZATION_OFF" | "EVENT_TOO_LATE" | "EVENT_IN_FUTURE" | "OUT_OF_POINTS" | "INVALID_JSON" | "INVALID_IDEMPOTENCY_KEY" | "INVALID_TENANT_ID" | "INVALID_CONTENT_LENGTH" | "INVALID_CONTENT_TYPE" | "NO_STREAK_RULE" | "ACHIEVEMENT_NOT_API" | "INVALID_ATTRIBUTES" | "BAD_URL" | "BAD_REQUEST" | "MALFORMED_REQUEST" | "MISSING_HOST" | "SESSION_COOKIE_CONFLICT" | "MISSING_API_KEY" | "INVALID_API_KEY" | "REVOKED_API_KEY" | "SESSION_EXPIRED" | "INVALID_METRICS_TOKEN" | "INVALID_CREDENTIALS" | "ADMIN_KEY_REQUIRED" | "CSRF_HEADER_REQUIRED" | "OPERATOR_REQUIRED" | "KEY_BOUND_TO_USER" | "NOT_FOUND" | "UNKNOWN_TENANT" | "REQUEST_TIMEOUT" | "METRIC_ARCHIVED" | "ACHIEVEMENT_LOCKED" | "ACCOUNT_NAME_TAKEN" | "CONFIG_CONFLICT" | "LIMIT_REACHED" | "DELIVERY_UNDER_WAY" | "BODY_TOO_LARGE" | "URL_TOO_LONG" | "UNSUPPORTED_MEDIA_TYPE" | "UNSUPPORTED_CONTENT_ENCODING" | "EXPECTATION_FAILED" | "RATE_LIMITED" | "SIGN_IN_BUSY" | "HEADERS_TOO_LARGE" | "INTERNAL" | "STORE_DAMAGED" | "NOT_SUPPORTED" | "STORE_UNAVAILABLE" | "NOT_READY";
            error: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
