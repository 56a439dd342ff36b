import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  label: string;
  children: ReactNode;
}

interface State {
  failure: Error | undefined;
}

/**
 * One panel's fault stays in that panel: the others (the ticket above all) keep working, and the
 * trader can start the failed panel again without reloading the page and its drafts.
 */
export class PanelBoundary extends Component<Props, State> {
  override state: State = { failure: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The console is where an operator looks; the panel says it in the trader's words.
    console.error(`The ${this.props.label} panel stopped`, error, info.componentStack);
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <section className="panel panel-failed" aria-label={this.props.label}>
        <p role="alert">
          The {this.props.label.toLowerCase()} panel stopped: {failure.message}
        </p>
        <button type="button" className="button" onClick={() => this.setState({ failure: undefined })}>
          Start it again
        </button>
      </section>
    );
  }
}
