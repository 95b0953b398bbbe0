/**
 * My creations' real effects: the list and one-run calls with the flow's abort signal, the
 * delete, and going back to the list once the one-run page's creation is gone.
 */
import { fromPromise } from 'xstate';
import { creationsMachine } from '../../machines/creations/creations.machine';
import { createApiClient } from '../api/client';
import { createEndpoints, type Endpoints } from '../api/endpoints';
import { sessionCredentials } from './api';
import type { AppActor } from './create-app';

export type CreationsLogic = typeof creationsMachine;

type CreationEndpoints = Pick<Endpoints, 'listCreations' | 'getCreation' | 'deleteCreation'>;

export function creationsLogic(
  app: AppActor,
  endpoints: CreationEndpoints = createEndpoints(createApiClient(sessionCredentials(app.system))),
): CreationsLogic {
  return creationsMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input, signal }) =>
        input.only
          ? { items: [await endpoints.getCreation(input.only, { signal })], nextCursor: null }
          : endpoints.listCreations({ cursor: input.cursor, category: input.category }, { signal }),
      ),
      deleteCreation: fromPromise(async ({ input }) => endpoints.deleteCreation(input.id)),
    },
    actions: {
      creationDeleted: (_, params) => {
        if (params.only) app.send({ type: 'app.navigate', to: '/creations' });
      },
    },
  });
}

/** The flow a creations page starts (useFlow): the machine with the app's effects. */
export const creationsFlow = (app: AppActor): CreationsLogic => creationsLogic(app);
