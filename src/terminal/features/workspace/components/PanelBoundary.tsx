import { t } from '@lingui/core/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';

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
    return <PanelFailure label={this.props.label} failure={failure} restart={() => this.setState({ failure: undefined })} />;
  }
}

/** What a stopped panel says: a component of its own, so that it follows the language. */
function PanelFailure({ label, failure, restart }: { label: string; failure: Error; restart: () => void }) {
  useLocale();
  // The panel is named as its tab names it, a name on screen: no case rule of one language
  // (German capitalises nouns, English would not) is imposed on the others.
  const panel = label;
  const reason = failure.message;
  return (
    <section className="panel panel-failed" aria-label={label}>
      <p role="alert">{t({ comment: 'panel: the panel\'s name as its tab shows it', message: `The ${panel} panel stopped: ${reason}` })}</p>
      <button type="button" className="button" onClick={restart}>
        {t`Start it again`}
      </button>
    </section>
  );
}
