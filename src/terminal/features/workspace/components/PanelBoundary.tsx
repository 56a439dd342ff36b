import { i18n } from '@lingui/core';
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
  // Inside a sentence the panel's name is lower-cased, as English and most of the terminal's
  // languages write it (German capitalises nouns: a known imperfection).
  const panel = label.toLocaleLowerCase(i18n.locale);
  const reason = failure.message;
  return (
    <section className="panel panel-failed" aria-label={label}>
      <p role="alert">{t({ comment: 'panel: the panel\'s name, lower-cased', message: `The ${panel} panel stopped: ${reason}` })}</p>
      <button type="button" className="button" onClick={restart}>
        {t`Start it again`}
      </button>
    </section>
  );
}
