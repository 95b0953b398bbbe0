import type { IconName } from '../../components/ui/icons/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** Shown only to signed-in users. */
  signedInOnly?: boolean;
}

/** The side navigation (NAV-1), in its order. */
export const mainNav: readonly NavItem[] = [
  { to: '/all-tools', label: 'All AI Tools', icon: 'all' },
  { to: '/image', label: 'Image', icon: 'image' },
  { to: '/video', label: 'Video', icon: 'video' },
  { to: '/text', label: 'Text', icon: 'text' },
  { to: '/audio', label: 'Audio', icon: 'audio' },
  { to: '/3d', label: '3D', icon: 'cube' },
  { to: '/creations', label: 'My creations', icon: 'creations', signedInOnly: true },
  { to: '/themes', label: 'Themes', icon: 'themes' },
  { to: '/settings', label: 'Settings', icon: 'settings', signedInOnly: true },
  { to: '/support', label: 'Support', icon: 'support' },
];

export const legalNav: readonly NavItem[] = [
  { to: '/terms', label: 'Terms', icon: 'terms' },
  { to: '/privacy', label: 'Privacy', icon: 'privacy' },
  // The statecharts behind every flow, for reviews (not part of the main navigation).
  { to: '/flows', label: 'Flows', icon: 'flows' },
];
