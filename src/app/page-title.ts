/** The site's name and how a page's title is written with it ('My creations — Atelier'). */
export const site = 'Atelier';
export const titled = (name: string) => `${name} — ${site}`;
