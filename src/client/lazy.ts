/*
 * Using a chunk loaded with import(). The import stays an expression of its own (not
 * `import(…).then(…)`, which the bundler folds into its preload wrapper): a chunk that fails
 * to load reaches the wrapper's `vite:preloadError`, on which navigation.ts reloads the page,
 * and `use` is then skipped (`otherwise` runs instead); an error thrown by `use` is never
 * taken for a failed chunk.
 */

/** Runs `use` with the loaded module, or `otherwise` when it could not load. */
export function whenLoaded<T>(loading: Promise<T>, use: (module: T) => unknown, otherwise?: () => void): Promise<void> {
  return loading.then((module: T | undefined) => {
    if (module) use(module);
    else otherwise?.();
  });
}
