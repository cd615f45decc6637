import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "@/features/session/components/error-screen";

type TProps = { children: ReactNode };
type TState = { error: unknown };

/**
 * Last line of defence for errors outside the router (providers). React offers error boundaries only
 * as class components; routes use the router's own boundary.
 */
export class RootErrorBoundary extends Component<TProps, TState> {
  override state: TState = { error: null };

  static getDerivedStateFromError(error: unknown): TState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
