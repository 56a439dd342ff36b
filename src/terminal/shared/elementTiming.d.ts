import 'react';

declare module 'react' {
  // Merges with React's own declaration, which takes the same type parameter.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * Element Timing: the browser records when this element's text is first painted, under this
     * name (`PerformanceObserver` type `element`). Used to measure when the first prices show.
     */
    elementtiming?: string;
  }
}
