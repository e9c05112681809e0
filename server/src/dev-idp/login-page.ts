import { DEMO_ACCOUNTS } from './accounts.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The embedded provider's sign-in form: pick a demo account, or type its user name. */
export function loginPage(uid: string, error?: string): string {
  const buttons = DEMO_ACCOUNTS.map(
    (account) => `
      <button type="submit" name="username" value="${escapeHtml(account.username)}">
        <strong>${escapeHtml(account.name)}</strong><span>${escapeHtml(account.username)} · ${escapeHtml(account.description)}</span>
      </button>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Tala development identity provider</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f7fb; display: flex; justify-content: center; padding: 3rem 1rem; color: #1c1e21; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 10px 30px rgb(20 20 60 / 12%); padding: 2rem; width: min(30rem, 100%); }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  p { color: #555; margin: 0 0 1.25rem; }
  .accounts button { display: block; width: 100%; text-align: left; padding: .8rem 1rem; margin-bottom: .6rem; border: 1px solid #d0d3e0; border-radius: 8px; background: #fff; cursor: pointer; font: inherit; }
  .accounts button:hover, .accounts button:focus { border-color: #4b3bd6; outline: 2px solid #4b3bd6; }
  .accounts span { display: block; color: #555; font-size: .85rem; margin-top: .2rem; }
  label { display: block; font-weight: 600; margin: 1.25rem 0 .4rem; }
  .other { display: flex; gap: .5rem; }
  input { flex: 1; padding: .6rem; border: 1px solid #d0d3e0; border-radius: 6px; font: inherit; }
  .other button { background: #4b3bd6; color: #fff; border: 0; border-radius: 6px; padding: .6rem 1rem; font: inherit; cursor: pointer; }
  .error { color: #b42318; background: #fef3f2; border-radius: 6px; padding: .6rem .8rem; }
</style>
</head>
<body>
<main>
  <h1>Sign in to Tala Docs</h1>
  <p>Development identity provider: choose a demo account. Never used in production.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/interaction/${escapeHtml(uid)}/login" class="accounts">${buttons}</form>
  <form method="post" action="/interaction/${escapeHtml(uid)}/login">
    <label for="username">Or enter a demo user name</label>
    <div class="other"><input id="username" name="username" autocomplete="username" placeholder="reader@tala.example" required><button type="submit">Sign in</button></div>
  </form>
</main>
</body>
</html>`;
}
