/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";

import { formatLastUpdated, LegalPage } from "./legal-page";
import { PrivacyContent } from "./privacy-content";
import { TermsContent } from "./terms-content";

const CONTACT = "hello@example.org";

function telLinks(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')).map((link) => link.getAttribute("href") ?? "");
}

describe("LegalPage", () => {
  afterEach(() => jest.useRealTimers());

  it("shows the title as the only h1 inside main, with both ways back to the app", () => {
    render(
      <LegalPage title="Terms of Service" lastUpdated={new Date(Date.UTC(2026, 10, 22, 12))}>
        <TermsContent contactEmail={CONTACT} />
      </LegalPage>,
    );

    const h1s = screen.getAllByRole("heading", { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent("Terms of Service");
    expect(within(screen.getByRole("main")).getByRole("heading", { level: 1 })).toBe(h1s[0]);

    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Back to App" })).toHaveAttribute("href", "/");
    expect(screen.getByText(/Last updated:/)).toHaveTextContent("Last updated: November 22, 2026");
  });

  it("shows today's date as the last-updated date by default", () => {
    jest.useFakeTimers({ now: new Date(Date.UTC(2027, 2, 5, 15, 30)) });
    render(
      <LegalPage title="Privacy Policy">
        <p>Body</p>
      </LegalPage>,
    );
    expect(screen.getByText(/Last updated:/)).toHaveTextContent("Last updated: March 5, 2027");
    expect(screen.getByText("March 5, 2027")).toHaveAttribute("dateTime", "2027-03-05");
  });

  it("formats dates like 'November 22, 2026'", () => {
    expect(formatLastUpdated(new Date(Date.UTC(2026, 10, 22, 12)))).toBe("November 22, 2026");
    expect(formatLastUpdated(new Date(Date.UTC(2025, 0, 1, 12)))).toBe("January 1, 2025");
  });

  // Run under TZ=Pacific/Auckland and TZ=America/Los_Angeles too: the server's own time zone must not move the day.
  it("shows the same (UTC) day wherever the server runs, at both ends of that day", () => {
    for (const [now, day, iso] of [
      [Date.UTC(2027, 2, 5, 0, 30), "March 5, 2027", "2027-03-05"], // still March 4 in Los Angeles
      [Date.UTC(2027, 2, 5, 23, 30), "March 5, 2027", "2027-03-05"], // March 6 in Auckland
      [Date.UTC(2027, 2, 6, 2, 0), "March 6, 2027", "2027-03-06"], // still March 5 in Los Angeles
    ] as const) {
      jest.useFakeTimers({ now: new Date(now) });
      const { unmount } = render(
        <LegalPage title="Privacy Policy">
          <p>Body</p>
        </LegalPage>,
      );
      expect(screen.getByText(/Last updated:/)).toHaveTextContent(`Last updated: ${day}`);
      expect(screen.getByText(day)).toHaveAttribute("dateTime", iso);
      unmount();
    }
  });
});

describe("TermsContent", () => {
  it("has exactly 13 numbered section headings, numbered 1 to 13 in order", () => {
    render(<TermsContent contactEmail={CONTACT} />);
    const numbered = screen
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent ?? "")
      .filter((text) => /^\d+\.\s/.test(text));

    expect(numbered.map((text) => Number(text.split(".")[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(numbered[0]).toBe("1. Acceptance of Terms");
    expect(screen.queryAllByRole("heading", { level: 1 })).toHaveLength(0);
  });

  it("opens with the critical disclaimer: not therapy, not a substitute, AI may be wrong, own risk, crisis help", () => {
    render(<TermsContent contactEmail={CONTACT} />);
    const disclaimer = screen.getByRole("region", { name: /important/i });
    expect(disclaimer).toHaveTextContent(/not therapy/i);
    expect(disclaimer).toHaveTextContent(/not a substitute for professional help/i);
    expect(disclaimer).toHaveTextContent(/inaccurate/i);
    expect(disclaimer).toHaveTextContent(/at your own risk/i);
    expect(disclaimer).toHaveTextContent(/emergency services/i);

    // It comes before the first numbered section.
    const first = screen.getByRole("heading", { name: "1. Acceptance of Terms" });
    expect(disclaimer.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("covers eligibility, guest storage, consent of everyone recorded, donations and privacy", () => {
    render(<TermsContent contactEmail={CONTACT} />);
    expect(screen.getByRole("region", { name: "2. Eligibility" })).toHaveTextContent(/18 years or older/);
    expect(screen.getByRole("region", { name: "5. Accounts and Guest Use" })).toHaveTextContent(/lost when you clear your browser data/);
    expect(screen.getByRole("region", { name: /6\. .*Consent/ })).toHaveTextContent(/Everyone in the conversation must agree to be recorded/);
    const donations = screen.getByRole("region", { name: "9. Donations" });
    expect(donations).toHaveTextContent(/voluntary, one-off payments in US dollars/);
    expect(donations).toHaveTextContent(/do not receive goods/);
    expect(within(screen.getByRole("region", { name: "7. Privacy" })).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(screen.getByRole("link", { name: CONTACT })).toHaveAttribute("href", `mailto:${CONTACT}`);
  });

  it("is governed by German law and keeps the consumer protections of the user's EU country", () => {
    render(<TermsContent contactEmail={CONTACT} />);
    const law = screen.getByRole("region", { name: /^12\. Governing Law/ });
    expect(law).toHaveTextContent(/laws of the Federal Republic of Germany/);
    expect(law).toHaveTextContent(/European Union/);
    expect(law).toHaveTextContent(/mandatory consumer-protection laws of your country of residence/);
    expect(law).toHaveTextContent(/online dispute resolution \(ODR\) platform/);
  });

  it("lists crisis resources for every country with dialable numbers, emergency numbers and international directories", () => {
    const { container } = render(<TermsContent contactEmail={CONTACT} />);
    const crisis = screen.getByRole("region", { name: "Crisis resources" });
    const countries = within(crisis)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(countries).toEqual(expect.arrayContaining(["United States", "Canada", "United Kingdom", "Australia", "Germany", "France", "Spain", "Netherlands"]));

    expect(crisis).toHaveTextContent(/988 Suicide & Crisis Lifeline/);
    expect(crisis).toHaveTextContent(/Samaritans/);
    expect(crisis).toHaveTextContent(/Lifeline/);
    expect(crisis).toHaveTextContent(/Telefonseelsorge/);
    expect(crisis).toHaveTextContent(/113 Zelfmoordpreventie/);

    const tel = telLinks(container);
    for (const href of ["tel:988", "tel:116123", "tel:131114", "tel:08001110111", "tel:08001110222", "tel:3114", "tel:024", "tel:113", "tel:08000113"]) {
      expect(tel).toContain(href);
    }
    for (const emergency of ["tel:911", "tel:112", "tel:999"]) {
      expect(tel).toContain(emergency);
    }

    expect(within(crisis).getByRole("link", { name: /findahelpline\.com/ })).toHaveAttribute("href", "https://findahelpline.com");
    expect(crisis).toHaveTextContent(/International Association for Suicide Prevention/);
    expect(within(crisis).getByRole("link", { name: /directory of crisis centres/ })).toHaveAttribute("href", expect.stringContaining("iasp.info"));
  });
});

describe("PrivacyContent", () => {
  it("names the providers by kind, and the two AI providers by name with what each receives and when", () => {
    render(<PrivacyContent contactEmail={CONTACT} />);
    const providers = screen.getByRole("region", { name: "Service providers we work with" });
    expect(providers).toHaveTextContent(/An authentication provider/);
    expect(providers).toHaveTextContent(/Two AI providers, OpenAI and Google \(Gemini\)/);
    // The order of lib/server/providers/*/chain.ts: OpenAI transcribes first, Gemini analyses first; each is the other's fallback.
    expect(providers).toHaveTextContent(/recording goes to OpenAI to turn speech into text; only when OpenAI is unavailable does it go to Google's Gemini/);
    expect(providers).toHaveTextContent(/transcript goes to Gemini to be analysed.*only when Gemini is unavailable does it go to OpenAI/);
    expect(providers).toHaveTextContent(/not your e-mail address or account/);
    expect(providers).toHaveTextContent(/A hosting provider/);
    expect(providers).toHaveTextContent(/A payment provider.*only if you choose to make a voluntary donation/);

    // The providers that never see a conversation stay unnamed.
    const text = document.body.textContent ?? "";
    for (const brand of ["Clerk", "PayPal", "Vercel", "Stripe", "Whisper"]) {
      expect(text).not.toContain(brand);
    }
    // The Solo Journal's live coach (issue 10) streams the microphone from the browser straight to OpenAI's Realtime API.
    expect(text).toMatch(/live voice coach of the Solo Journal.*streamed directly from your browser to OpenAI's Realtime API/);
    expect(text).toMatch(/Our server only opens the session .* and never receives that stream/);
  });

  it("says honestly where sessions and audio live", () => {
    render(<PrivacyContent contactEmail={CONTACT} />);
    expect(screen.getByRole("region", { name: /Privacy-by-Design, on by default/ })).toHaveTextContent(/on unless you switch it off/);

    const guests = screen.getByRole("region", { name: "If you use the app as a guest" });
    expect(guests).toHaveTextContent(/local storage and IndexedDB/);
    expect(guests).toHaveTextContent(/never reach our database/);
    // The one exception, said where a guest reads: a long recording's parts wait on the server until they are transcribed.
    expect(guests).toHaveTextContent(/apart from the audio of a recording too long to send at once, held only until it is transcribed/);

    expect(screen.getByRole("region", { name: "If you sign in" })).toHaveTextContent(/you can delete any session at any time/);

    const audio = screen.getByRole("region", { name: "Your recordings (audio)" });
    expect(audio).toHaveTextContent(/not stored permanently/);
    expect(audio).toHaveTextContent(/Once the transcription succeeds, the audio is deleted from our server/);
    expect(audio).toHaveTextContent(/If a transcription fails, the audio is kept only while it waits for you to retry/);

    expect(audio).toHaveTextContent(/at most 30 days after the last failed attempt/);
    expect(audio).toHaveTextContent(/As a guest, it stays only in your browser \(except the parts of a long recording, below\)/);
    expect(audio).toHaveTextContent(/A recording longer than 10 minutes is sent in parts/);
    expect(audio).toHaveTextContent(/never finished are deleted after 24 hours/);
    expect(audio).toHaveTextContent(/a few seconds of each voice from the first part are sent to the AI provider again/);
    expect(screen.getByRole("region", { name: "How long we keep data" })).toHaveTextContent(/at most 30 days after the last failed attempt/);

    const never = screen.getByRole("region", { name: "What we never do" });
    expect(never).toHaveTextContent(/never write transcripts or audio into our logs/);
    expect(never).toHaveTextContent(/never sell your data/);
  });

  it("says where to download and delete the data, for an account and for a guest's browser", () => {
    render(<PrivacyContent contactEmail={CONTACT} />);
    const signedIn = screen.getByRole("region", { name: "If you sign in" });
    expect(signedIn).toHaveTextContent(/Download my data gives you one file \(JSON\) with everything your account holds/);
    expect(signedIn).toHaveTextContent(/Delete all my data deletes all of it, after you confirm, including any recording kept for a retry/);
    expect(signedIn).toHaveTextContent(/delete your account with the authentication provider/);
    expect(screen.getByRole("region", { name: "If you use the app as a guest" })).toHaveTextContent(
      /delete all of it from this browser, without anything being sent to us/,
    );
    expect(screen.getByRole("region", { name: "Your rights under the GDPR" })).toHaveTextContent(
      /Download my data and Delete all my data are in Profile Settings/,
    );
    const retention = screen.getByRole("region", { name: "How long we keep data" });
    expect(retention).toHaveTextContent(/per IP address for guests/);
    // What outlives a deletion is said: the counters until their window ends, and a deleted account's identifier.
    expect(retention).toHaveTextContent(/counters are in its data download/);
    expect(retention).toHaveTextContent(/Deleting all your data keeps them until their window ends/);
    expect(retention).toHaveTextContent(/we keep only the deleted account's identifier and the time of deletion, nothing else/);
  });

  it("lists the GDPR rights, including a complaint to a supervisory authority, and the 18+ rule", () => {
    render(<PrivacyContent contactEmail={CONTACT} />);
    const rights = screen.getByRole("region", { name: "Your rights under the GDPR" });
    for (const right of [/access/, /rectification/, /erasure/, /data portability/, /object/, /supervisory authority/]) {
      expect(rights).toHaveTextContent(right);
    }
    expect(screen.getByRole("region", { name: "Children" })).toHaveTextContent(/18 or older/);
  });

  it("shows the contact e-mail it is given and a disclaimer linking to the terms", () => {
    render(<PrivacyContent contactEmail={CONTACT} />);
    const contact = screen.getByRole("region", { name: "Contact" });
    expect(within(contact).getByRole("link", { name: CONTACT })).toHaveAttribute("href", `mailto:${CONTACT}`);

    const disclaimer = screen.getByRole("region", { name: "Disclaimer" });
    expect(within(disclaimer).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
  });
});
