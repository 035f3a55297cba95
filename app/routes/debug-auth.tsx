import { data, Link } from "react-router";
import type { Route } from "./+types/debug-auth";
import { optionalUser } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { debugAuthState } from "~/modules/accounts/accounts.service.server";
import { getConfig } from "~/config.server";

/** Auth debug page. Development only: it shows the signed-in user's own record; 404 in production. */
export async function loader({ request }: Route.LoaderArgs) {
  if (getConfig().isProduction) throw data("Not Found", { status: 404 });
  const user = await optionalUser(request);
  return debugAuthState(user);
}

export function meta() {
  return [{ title: pageTitle("Auth Debug") }, { name: "robots", content: "noindex" }];
}

const TEST_LINKS = ["/auth/callback", "/reset-password", "/profile", "/settings"];

export default function DebugAuthRoute({ loaderData }: Route.ComponentProps) {
  const { state, authUser, dbUser, dbCheck } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-ink-strong">Auth Debug</h1>
      <Section title="Auth state">
        <p>{state}</p>
      </Section>
      <Section title="Auth user">
        <pre className="overflow-x-auto text-xs">{JSON.stringify(authUser, null, 2)}</pre>
      </Section>
      <Section title="Database user record">
        <pre className="overflow-x-auto text-xs">{JSON.stringify(dbUser, null, 2)}</pre>
        {dbUser ? (
          <Link to={`/user/${dbUser.id}`} className="mt-2 inline-block text-accent-strong hover:underline">
            /user/{dbUser.id}
          </Link>
        ) : null}
      </Section>
      <Section title="Database function test">
        <p>{dbCheck}</p>
      </Section>
      <Section title="Test links">
        <ul className="list-disc pl-5">
          {TEST_LINKS.map((href) => (
            <li key={href}>
              <Link to={href} className="text-accent-strong hover:underline">
                {href}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-line bg-surface p-4">
      <h2 className="mb-2 font-semibold text-ink-strong">{title}</h2>
      <div className="text-sm text-ink">{children}</div>
    </section>
  );
}
