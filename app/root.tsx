import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Toaster } from "~/components/ui/toast";
import type { Route } from "./+types/root";
import "./app.css";
import { AuthModalProvider } from "~/components/auth/auth-modal";
import { ErrorScreen } from "~/components/layout/error-screen";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { NotFound } from "~/components/layout/not-found";
import { oauthProviders } from "~/auth/providers.server";
import { optionalUser } from "~/auth/session.server";
import { requestInfoContext } from "~/context.server";
import { ConsentBanner, NoScriptConsentBanner } from "~/components/privacy/consent-banner";
import { recordedConsent } from "~/modules/privacy/privacy.service.server";
import { shareTags } from "~/lib/meta";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // PWA: web manifest (installable app) and the home-screen icon iOS uses (public/, made by scripts/make-icons.ts).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await optionalUser(request).catch(() => null);
  return {
    nonce: context.get(requestInfoContext).nonce,
    // The server's clock at render time: relative times ('5m ago') hydrate from it (RelativeTime).
    now: Date.now(),
    origin: new URL(request.url).origin,
    // Only what the header needs; never the e-mail.
    user: user ? { id: user.id, username: user.username, name: user.name, avatarUrl: user.avatarUrl } : null,
    oauthProviders: oauthProviders(),
    // The recorded privacy choice (account, else consent cookie): drives the banner and its sync.
    consent: await recordedConsent(request, user).catch(() => null),
  };
}

/**
 * The root knows who is signed in (the header, the sign-in dialog). A 401 answer means the session it
 * last saw is gone (expired, or signed out in another tab): it reloads then too, although React Router
 * skips reloading after a 4xx answer by default.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 401 || defaultShouldRevalidate;
}

const NO_SCRIPT_CSS =
  ".js-clamp{display:block!important;-webkit-line-clamp:unset!important;overflow:visible!important}" +
  ".js-only{display:none!important}.nojs-show{display:inline!important}";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const user = data?.user ?? null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1f2937" />
        <Meta />
        <DefaultShareTags origin={data?.origin} />
        <Links />
        {/* Without JavaScript: clamped and cut texts show whole, and toggles that need a script hide. */}
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
      </head>
      <body className="flex min-h-dvh flex-col bg-page text-ink antialiased">
        <AuthModalProvider user={user}>
          <Header user={user} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer />
          <ConsentBanner serverConsent={data?.consent ?? null} signedIn={user !== null} />
          {data && !data.consent ? <NoScriptConsentBanner /> : null}
        </AuthModalProvider>
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Every page gets share tags (og:title, og:description, og:image) so a link posted in a chat shows a
 * card; a route whose meta writes its own (a game: its name, summary and cover) says so with
 * `handle: { ownShareTags: true }`.
 */
function DefaultShareTags({ origin }: { origin: string | undefined }) {
  const matches = useMatches();
  const leaf = matches.at(-1)?.handle as { ownShareTags?: boolean } | undefined;
  if (!origin || leaf?.ownShareTags) return null;
  return (
    <>
      {shareTags({ origin }).map((tag) =>
        "property" in tag ? (
          <meta key={tag.property} property={tag.property} content={tag.content} />
        ) : (
          <meta key={tag.name} name={tag.name} content={tag.content} />
        ),
      )}
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: "Savepoint" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound path={location.pathname} />;
  }
  return <ErrorScreen error={error} onRetry={() => void navigate(location.pathname + location.search, { replace: true })} />;
}
