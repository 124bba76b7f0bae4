// GET /api/logout (decision 041). Spec §7 has the user menu navigate here, but a GET any site can
// trigger (a link, an image) must not end a session: this page only offers the sign-out, a form
// that POSTs same-origin (the CSP's form-action 'self' allows it; the mutation guard checks the
// origin). No script, so nothing needs a CSP hash and the page works without JavaScript.

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 28rem; margin: 15vh auto 0; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
  p { color: #475569; line-height: 1.5; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; color: #fff; background: #15803d; border: 0; border-radius: 0.375rem; padding: 0.5rem 1rem; cursor: pointer; }
  a { color: #166534; }
  button:focus-visible, a:focus-visible { outline: 2px solid #15803d; outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ESG Pilot</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Signed in: one button that signs out; signed out: where to go instead. */
export function logoutPage(isSignedIn: boolean): string {
  if (!isSignedIn) {
    return page(
      'Signed out',
      `<h1>You are signed out</h1>
<p>There is no session to end in this browser.</p>
<div class="actions"><a href="/login">Sign in</a><a href="/">Go to the home page</a></div>`,
    );
  }
  return page(
    'Log out',
    `<h1>Log out of ESG Pilot?</h1>
<p>You will need to sign in again to see your company's data in this browser.</p>
<form method="post" action="/api/logout" class="actions">
<button type="submit">Log out</button>
<a href="/">Stay signed in</a>
</form>`,
  );
}
