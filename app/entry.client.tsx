import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { rememberComponentStack } from "~/components/layout/error-details";
import { startServiceWorker } from "~/lib/service-worker";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onCaughtError(error, info) {
        rememberComponentStack(error, info.componentStack);
        console.error(error);
      },
    },
  );
});

startServiceWorker();
