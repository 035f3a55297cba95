import { expect, test, viewports, waitForHydration } from "./fixtures";

test.describe("FAQ page", () => {
  test("questions toggle independently; several may be open at once", async ({ page, consoleErrors }) => {
    const response = await page.goto("/faq");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("FAQ | Savepoint");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    await waitForHydration(page);

    const items = page.getByTestId("faq-item");
    await expect(items).toHaveCount(11);
    const account = items.filter({ hasText: "Do I need an account?" });
    const top5 = items.filter({ hasText: "How do I choose my Top 5?" });
    const accountAnswer = account.getByText("An account is free.");
    const top5Answer = top5.getByText(/Press 'Edit' on your Top 5/);
    await expect(accountAnswer).toBeHidden();

    await account.locator("summary").click();
    await top5.locator("summary").click();
    await expect(accountAnswer).toBeVisible();
    await expect(top5Answer).toBeVisible();

    await account.locator("summary").click();
    await expect(accountAnswer).toBeHidden();
    await expect(top5Answer).toBeVisible();

    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    expect(consoleErrors).toEqual([]);
  });

  test("keyboard: Tab reaches a question, Enter and Space toggle it", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const first = page.getByTestId("faq-item").first();
    const summary = first.locator("summary");
    await page.getByRole("heading", { level: 1 }).click(); // start tabbing from the page content
    await page.keyboard.press("Tab");
    await expect(summary).toBeFocused();
    await expect(first).not.toHaveAttribute("open");

    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(first).not.toHaveAttribute("open");

    await page.keyboard.press("Tab");
    const second = page.getByTestId("faq-item").nth(1);
    await expect(second.locator("summary")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("open");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("questions still open", async ({ page }) => {
      await page.goto("/faq");
      const item = page.getByTestId("faq-item").filter({ hasText: "Is there a mobile app?" });
      await item.locator("summary").click();
      await expect(item.getByText(/The website is responsive/)).toBeVisible();
    });
  });

  for (const [name, viewport] of Object.entries({ phone: viewports.phone, desktop: viewports.desktop })) {
    test(`no horizontal overflow on ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/faq");
      await page.getByTestId("faq-item").first().locator("summary").click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe("footer pages", () => {
  for (const [link, path, heading, title] of [
    ["FAQ", "/faq", "Frequently Asked Questions", "FAQ | Savepoint"],
    ["Terms", "/terms", "Terms of Service", "Terms of Service | Savepoint"],
    ["Privacy", "/privacy", "Privacy Policy", "Privacy Policy | Savepoint"],
    ["Contact", "/contact", "Contact page coming soon", "Contact | Savepoint"],
  ] as const) {
    test(`footer '${link}' opens ${path}`, async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
    });
  }

  test("Terms and Privacy show the last-updated date and a table of contents", async ({ page }) => {
    for (const [path, name] of [
      ["/terms", "Terms of Service contents"],
      ["/privacy", "Privacy Policy contents"],
    ] as const) {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page.getByText("This document was last updated January 15, 2024.")).toBeVisible();
      const toc = page.getByRole("navigation", { name });
      const firstLink = toc.getByRole("link").first();
      const href = await firstLink.getAttribute("href");
      expect(href).toMatch(/^#/);
      await expect(page.locator(href!)).toHaveCount(1);
    }
  });

  test("/contact shows 'Contact page coming soon' with links to the FAQ and home", async ({ page }) => {
    expect((await page.goto("/contact"))?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByText("Contact page coming soon")).toBeVisible();
    await expect(main.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute("href", "/faq");
    await expect(main.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });
});

test("/enhanced-search-test does not exist in production", async ({ page }) => {
  const response = await page.goto("/enhanced-search-test");
  expect(response?.status()).toBe(404);
});

test("the default share image is served as /og-image.jpg (the pages' og:image), and /og-image.png still answers", async ({
  page,
  request,
}) => {
  await page.goto("/faq");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(new URL(image ?? "").pathname).toBe("/og-image.jpg");
  const jpg = await request.get("/og-image.jpg");
  expect(jpg.status()).toBe(200);
  expect(jpg.headers()["content-type"]).toBe("image/jpeg");
  expect([...(await jpg.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const png = await request.get("/og-image.png");
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
});
