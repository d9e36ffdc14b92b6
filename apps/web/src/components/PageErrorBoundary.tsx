import { Component, type ReactNode } from 'react';

import { PlainErrorScreen } from './PlainErrorScreen';

/**
 * Any error while rendering a page of the buyer or sign-in app: the error screen (SPEC: every route has
 * one), until the address (`resetKey`) changes.
 */
export class PageErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: boolean; key: string }
> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  render() {
    return this.state.failed ? <PlainErrorScreen notFound={false} /> : this.props.children;
  }
}
