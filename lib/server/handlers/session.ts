import "server-only";

import {
  getSessionForUser,
  recordReminderCtaClick,
  saveSessionForUser,
  saveSwipesForUser,
  SESSION_BODY_LIMIT_BYTES,
  sessionBodySchema,
  swipeBodySchema,
} from "@/lib/server/services/session-store";

import { sessionRoute, type ApiScope } from "./session-route";

// Guests' sessions live in their browser: public variants validate what they are sent and persist nothing.

/** GET /api/sessions/{id} (refresh, force and cache-busting query forms all read the same row). Public: 404. */
export const makeGetSessionHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    account: ({ identity, id }) => getSessionForUser(identity.userId, id),
  });

/** POST /api/sessions/{id}?skipRegeneration=true — save a full session. */
export const makeSaveSessionHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    body: { schema: sessionBodySchema, limitBytes: SESSION_BODY_LIMIT_BYTES },
    guest: ({ body }) => ({ success: true, localOnly: true, id: body.id }),
    account: ({ identity, id, body }) => saveSessionForUser(identity.userId, id, body),
  });

/** POST /api/sessions/{id}/swipe — save card votes. */
export const makeSwipeHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    body: { schema: swipeBodySchema },
    guest: () => ({ success: true, localOnly: true }),
    account: async ({ identity, id, body }) => {
      const session = await saveSwipesForUser(identity.userId, id, body.swipeActions);
      return { success: true, swipeActions: session.swipeActions };
    },
  });

/** POST /api/sessions/{id}/reminder-cta-click — counts "Set Reminder" taps (usage only). */
export const makeReminderClickHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    guest: () => ({ success: true }),
    account: async ({ identity, id }) => {
      await recordReminderCtaClick(identity.userId, id);
      return { success: true };
    },
  });
