/**
 * COLLECT-1: the hook a creation's star toggle is made with (its tile, its page, a tool page's finished result):
 * the star flow of one creation, what it shows, and the page told of each change the server agreed to.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { starFlow } from '../flows/collections/collections.effects';
import { useFlow } from './provider';

export function useStar(id: string, starred: boolean, onChanged?: (starred: boolean) => void) {
  const actor = useFlow(starFlow, { input: { id, starred } });
  const told = useRef(onChanged);
  useEffect(() => {
    told.current = onChanged;
  });
  useEffect(() => {
    const sub = actor.on('starChanged', (e) => told.current?.(e.starred));
    return () => sub.unsubscribe();
  }, [actor]);
  return {
    starred: useSelector(actor, (s) => s.context.starred),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    error: useSelector(actor, (s) => s.context.error),
    toggle: () => actor.send({ type: 'star.toggle' }),
  };
}
