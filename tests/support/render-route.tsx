import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";

/**
 * A route module's page rendered on the server at `url` as if its loader (and action) had answered with
 * the data given: the HTML a visitor gets before JavaScript runs. `id` keys the data; `path` is the route's pattern.
 */
export function renderRoute(Component: unknown, id: string, path: string, url: string, loaderData: unknown, actionData?: unknown): string {
  const Stub = createRoutesStub([{ id, path, Component: Component as never }]);
  return renderToString(
    <Stub
      initialEntries={[url]}
      hydrationData={{ loaderData: { [id]: loaderData }, actionData: actionData ? { [id]: actionData } : undefined }}
    />,
  );
}
