import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { Db } from '../store/database';
import { ContextSetRepository } from '../store/repositories/context-set-repository';
import { ContextSetService } from './context-set-service';

/** The context sets of each session, kept in the store. */
export function createContextSets({ db, events, clock }: { db: Db; events: EventBus; clock: Clock }): ContextSetService {
  return new ContextSetService({ repository: new ContextSetRepository(db), events, clock });
}
