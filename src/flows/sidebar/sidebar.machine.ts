import { assign, setup } from 'xstate';
import { facts } from '../shared/meta';

/** Below this width the sidebar is a drawer (NAV-4). */
export const MOBILE_BREAKPOINT = 768;

export interface SidebarContext {
  width: number;
}

export type SidebarEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.open' }
  | { type: 'sidebar.close' }
  | { type: 'viewport.resized'; width: number }
  | { type: 'navigation.done' };

export interface SidebarInput {
  width: number;
}

/**
 * Layout shell navigation (NAV-4): mobile when the width is under 768 px, expanded when not mobile.
 * On desktop the toggle collapses to icons and expands again; on mobile the top bar's menu button opens
 * the drawer, and its close button, Escape or a navigation close it (the collapse toggle is not shown there).
 */
export const sidebarMachine = setup({
  types: {
    context: {} as SidebarContext,
    events: {} as SidebarEvent,
    input: {} as SidebarInput,
  },
  actions: {
    rememberWidth: assign({
      width: ({ event }) => (event.type === 'viewport.resized' ? event.width : 0),
    }),
  },
  guards: {
    isMobileWidth: (_, params: { width: number }) => params.width < MOBILE_BREAKPOINT,
  },
}).createMachine({
  id: 'sidebar',
  description: "The sidebar: open or closed, following the viewport's width, toggles and navigation.",
  meta: facts({ sends: ['sidebar.toggle', 'sidebar.open', 'sidebar.close', 'navigation.done', 'viewport.resized'] }),
  context: ({ input }) => ({ width: input.width }),
  initial: 'measuring',
  states: {
    measuring: {
      description: 'Chooses the layout from the first viewport width.',
      meta: facts({
        ignores: [
          {
            events: ['sidebar.toggle', 'sidebar.open', 'sidebar.close', 'navigation.done', 'viewport.resized'],
            why: 'Transient: the layout is chosen from the first width before anything renders.',
          },
        ],
      }),
      always: [
        { guard: { type: 'isMobileWidth', params: ({ context }) => ({ width: context.width }) }, target: 'mobile' },
        { target: 'desktop' },
      ],
    },
    desktop: {
      description: 'Wide screen: the sidebar sits beside the content.',
      meta: facts({
        rules: ['NAV-4'],
        ignores: [
          {
            events: ['sidebar.open', 'sidebar.close', 'navigation.done'],
            why: 'The drawer exists only on phones; on a wide screen the sidebar stays as the person set it while they navigate.',
          },
        ],
      }),
      initial: 'expanded',
      on: {
        'viewport.resized': [
          {
            guard: { type: 'isMobileWidth', params: ({ event }) => ({ width: event.width }) },
            target: 'mobile',
            actions: 'rememberWidth',
          },
          { actions: 'rememberWidth' },
        ],
      },
      states: {
        expanded: {
          description: 'Icons and labels are shown (about 256 px wide).',
          meta: facts({
            sees: [
              { role: 'button', name: 'Collapse sidebar' },
              { kind: 'labels', says: 'the sidebar shows its labels' },
            ],
          }),
          tags: ['labels'],
          on: { 'sidebar.toggle': 'collapsed' },
        },
        collapsed: {
          description: 'Only icons are shown (about 64 px wide).',
          meta: facts({
            sees: [
              { role: 'button', name: 'Expand sidebar' },
              { kind: 'iconsOnly', says: 'the sidebar shows icons only, no labels' },
            ],
          }),
          tags: ['collapsed'],
          on: { 'sidebar.toggle': 'expanded' },
        },
      },
    },
    mobile: {
      description: 'Narrow screen: the navigation is a drawer opened from the top bar.',
      tags: ['mobile'],
      meta: facts({
        rules: ['NAV-4'],
        ignores: [
          {
            events: ['sidebar.toggle'],
            why: 'The collapse toggle belongs to the wide sidebar, which a phone does not show; the drawer has its own open and close.',
          },
        ],
      }),
      initial: 'closed',
      on: {
        'viewport.resized': [
          {
            guard: { type: 'isMobileWidth', params: ({ event }) => ({ width: event.width }) },
            actions: 'rememberWidth',
          },
          // Growing past the breakpoint shows the expanded sidebar again (expanded when not mobile).
          { target: 'desktop', actions: 'rememberWidth' },
        ],
      },
      states: {
        closed: {
          description: 'The drawer is hidden; the top bar shows the menu button.',
          meta: facts({
            sees: [
              { role: 'button', name: 'Open menu' },
              { kind: 'noDrawer', says: 'no drawer is open' },
            ],
            ignores: [{ events: ['sidebar.close', 'navigation.done'], why: 'The drawer is already closed.' }],
          }),
          on: { 'sidebar.open': 'open' },
        },
        open: {
          description: 'The drawer is open over the page; Escape, the close button or a navigation closes it.',
          meta: facts({
            sees: [{ role: 'dialog', name: 'Menu' }],
            ignores: [{ events: ['sidebar.open'], why: 'The drawer is already open.' }],
          }),
          tags: ['labels', 'drawerOpen'],
          on: { 'sidebar.close': 'closed', 'navigation.done': 'closed' },
        },
      },
    },
  },
});
