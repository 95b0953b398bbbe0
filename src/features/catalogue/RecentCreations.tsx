/**
 * The signed-in person's recent creations, as a strip below the catalogue's hero (CATALOG-6): the
 * newest few runs, each a tile that opens its page, and a link to all of them. Loaded after the first
 * paint (the catalogue imports it lazily, only once the person is known); it reads the creations flow
 * with a small page, so a run still being made updates itself there too (RUNS-6). Nothing is shown
 * when there is nothing yet or the list cannot be read: the catalogue is the page's purpose.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Creation } from '../../api/schemas';
import { creationsFlow, type CreationsLogic } from '../../flows/creations/creations.effects';
import { useFlow, type Flow } from '../../app/provider';
import { CreationPicture } from '../../components/ui/creation-picture/creation-picture';
import { inProgress } from '../../flows/creations/creations.machine';
import * as styles from './RecentCreations.css';

/** How many of the newest runs the strip shows. */
export const RECENT_CREATIONS = 8;

/** `flow`: tests give it fake effects. */
export default function RecentCreations({ flow = creationsFlow }: { flow?: Flow<CreationsLogic> }) {
  const actor = useFlow(flow, { input: { limit: RECENT_CREATIONS } });
  const items = useSelector(actor, (s) => s.context.items);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  if (failed || (!loading && items.length === 0)) return null;
  return (
    <section className={styles.strip} aria-labelledby="recent-creations">
      <div className={styles.head}>
        <h2 className={styles.title} id="recent-creations">
          Your recent creations
        </h2>
        <Link to="/creations" className={styles.seeAll}>
          See all
        </Link>
      </div>
      <ul className={styles.row} aria-busy={loading || undefined}>
        {loading
          ? Array.from({ length: 4 }, (_, i) => <li key={i} className={styles.tile} aria-hidden="true" />)
          : items.map((creation) => <Tile key={creation.id} creation={creation} actor={actor} />)}
      </ul>
    </section>
  );
}

function Tile({ creation, actor }: { creation: Creation; actor: ActorRefFrom<CreationsLogic> }) {
  const running = inProgress(creation);
  const label = `${creation.title}${creation.prompt ? `: ${creation.prompt}` : ''}${running ? ' (in progress)' : ''}${
    creation.status === 'failed' ? ' (failed)' : ''
  }`;
  return (
    <li className={styles.tile}>
      <Link to="/creations/$id" params={{ id: creation.id }} className={styles.link} aria-label={label} title={label}>
        {/* CREATIONS-16: the same thumbnails as My creations. */}
        <CreationPicture
          creation={creation}
          word={running ? 'In progress' : creation.status === 'failed' ? 'Failed' : creation.title}
          onBroken={(url) => actor.send({ type: 'creations.readdress', url })}
        />
      </Link>
    </li>
  );
}
