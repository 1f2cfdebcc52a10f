/**
 * A part of an island whose code is its own chunk, loaded when it is needed: React.lazy with
 * what it lacks here.
 * - It can be loaded ahead of need (`preload`), e.g. the booking's contact step as soon as
 *   the visitor reaches for a time.
 * - A chunk that does not arrive (offline, or an old page after a deploy removed it; the
 *   preload helper then resolves the import to undefined while the page reloads) shows the
 *   part's own message with a way to try again, instead of unmounting the whole island and
 *   what the visitor typed in it. Any other error is rethrown, as without this.
 */
import { Component, type ComponentType, type ReactNode, Suspense, use, useEffect, useRef } from 'react';

/** The chunk of a part did not load. */
class PartLoadError extends Error {}

export interface LazyPart<P> {
  /** The chunk's component: the same promise while it loads, once loaded, and once failed (until `preload`). */
  current: () => Promise<ComponentType<P>>;
  /** Starts loading the chunk, unless it is loading or loaded; after a failure, loads it again. */
  preload: () => void;
}

/**
 * `load` is the bare `import()` of the chunk (see src/client/lazy.ts for why it stays bare)
 * and `pick` takes the component from the module. Called once per chunk, at module level.
 */
export function lazyPart<M, P extends object>(load: () => Promise<M | undefined>, pick: (module: M) => ComponentType<P>): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let failed = false;
  const start = () => {
    failed = false;
    const started = load().then(
      (module) => {
        if (!module) throw new PartLoadError('chunk not loaded');
        return pick(module);
      },
      (error: unknown) => {
        throw new PartLoadError(String(error));
      },
    );
    // Handled here, so a preload nobody awaits raises no unhandled rejection.
    started.catch(() => {
      if (loading === started) failed = true;
    });
    loading = started;
    return started;
  };
  return {
    // A failed load stays failed until `preload`, so that React's render after the rejection
    // reaches the boundary instead of starting the download again.
    current: () => loading ?? start(),
    preload: () => {
      if (!loading || failed) start();
    },
  };
}

export interface LazyPartViewProps<P> {
  part: LazyPart<P>;
  /** The loaded component's own props. */
  props: P;
  /** Shown while the chunk loads. */
  loading: ReactNode;
  /** Shown when the chunk could not load; `retry` loads it again. */
  failed: (retry: () => void) => ReactNode;
}

/** Draws a lazy part: `loading` until its chunk has arrived, `failed` if it could not. */
export function LazyPartView<P extends object>({ part, props, loading, failed }: LazyPartViewProps<P>) {
  return (
    <PartBoundary failed={failed} retry={part.preload}>
      <Suspense fallback={loading}>
        <Loaded part={part} props={props} />
      </Suspense>
    </PartBoundary>
  );
}

export interface LoadFailedProps {
  message: string;
  retryLabel: string;
  retry: () => void;
  /** The widget's classes: the box, the message, the Try again button. */
  classes: { box?: string; message: string; button: string };
  /** More actions after Try again. */
  children?: ReactNode;
  /** Moves focus to Try again: for a whole step, whose button that led here is gone. */
  focusRetry?: boolean;
}

/** What a lazy part shows when its chunk could not load: the reason, announced, and Try again. */
export function LoadFailed({ message, retryLabel, retry, classes, children, focusRetry = false }: LoadFailedProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusRetry) button.current?.focus();
  }, [focusRetry]);
  return (
    <div className={classes.box}>
      <p className={classes.message} role="alert">
        {message}
      </p>
      <button ref={button} type="button" className={classes.button} onClick={retry}>
        {retryLabel}
      </button>
      {children}
    </div>
  );
}

function Loaded<P extends object>({ part, props }: { part: LazyPart<P>; props: P }) {
  const Component = use(part.current());
  return <Component {...props} />;
}

interface BoundaryProps {
  failed: (retry: () => void) => ReactNode;
  retry: () => void;
  children: ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    return this.props.failed(() => {
      this.props.retry();
      this.setState({ error: null });
    });
  }
}
