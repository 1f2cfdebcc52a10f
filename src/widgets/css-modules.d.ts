/** Islands import their own stylesheet for its side effect; Astro bundles it with the island. */
declare module '*.css';
