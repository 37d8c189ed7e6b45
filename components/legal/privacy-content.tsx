import { FAILED_AUDIO_RETENTION_DAYS as AUDIO_DAYS } from "@/lib/domain/data-rights/retention";
import { RECORDING_PART_SECONDS, UPLOAD_RETENTION_HOURS as UPLOAD_HOURS } from "@/lib/domain/transcription/long-recording";

import { ExternalLink, InternalLink, LegalCard, LegalList, LegalSection } from "./legal-page";

// The Privacy Policy text. Every sentence describes what the code does; keep it in step with it:
//  - guests: lib/client/recordings (localStorage + IndexedDB), public API variants that write nothing;
//  - signed in: prisma/schema.prisma; export and deletion: lib/server/services/account-*.ts, components/profile/;
//  - audio: lib/server/services/transcription.ts (kept only on a failed transcription), retention.ts (the 30 days);
//    long recordings' parts: lib/domain/transcription/long-recording.ts, the uploads service and storage (lib/server);
//  - providers: lib/server/providers/*/chain.ts (which provider first, which as fallback);
//  - rate-limit counters: lib/server/security/rate-limit.ts; logs: lib/server/http/errors.ts.
// The AI providers are named (they receive the conversation itself); the others are named by kind. Server component.

const PART_MINUTES = RECORDING_PART_SECONDS / 60;

export function PrivacyContent({ contactEmail }: { contactEmail: string }) {
  const mailto = `mailto:${contactEmail}`;
  return (
    <>
      <p className="text-lg leading-8 text-ink-soft">
        Conversations about your relationship are personal. This policy explains, in plain language, what happens to your data when you use this relationship
        conversation coach, whether as a guest or with an account. We have tried to describe what the app actually does, not what a template says.
      </p>

      <LegalCard>
        <h2 className="font-serif text-xl font-semibold text-deep-teal-700">At a glance</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 marker:text-deep-teal-600">
          <li>Privacy-by-Design is switched on by default.</li>
          <li>As a guest, your sessions stay in your browser and never reach our database.</li>
          <li>Signed in, your sessions are stored in our database, tied to your account. You can download all of it or delete all of it at any time.</li>
          <li>
            Audio is sent for transcription and not stored permanently: never once it is transcribed, and after a failed transcription at most {AUDIO_DAYS}{" "}
            days. The parts of a recording longer than {PART_MINUTES} minutes wait on our server only until all of them are transcribed, and at most{" "}
            {UPLOAD_HOURS} hours.
          </li>
          <li>No transcripts or audio in our logs. We never sell your data, and there are no ads.</li>
        </ul>
      </LegalCard>

      <LegalSection id="privacy-by-design" title="Privacy-by-Design, on by default">
        <p>
          The Privacy-by-Design setting is on unless you switch it off in Settings. Everything this page describes holds whether it is on or off: sessions are
          kept only where this page says (in your browser as a guest, in your account when you are signed in), and what we send to the AI providers never
          includes your e-mail address or account identifier.
        </p>
      </LegalSection>

      <LegalSection id="guests" title="If you use the app as a guest">
        <p>
          Without an account, your sessions (transcripts, analysis, votes, summaries and follow-ups) and your settings are stored only in your browser, using
          its local storage and IndexedDB. They <strong>never reach our database</strong>. To transcribe and analyse a conversation, the recording and
          transcript pass through our server on their way to the AI providers, but nothing of them is saved there, apart from the audio of a recording too long
          to send at once, held only until it is transcribed (see &quot;Your recordings&quot; below).
        </p>
        <p>
          Because this data lives only on your device, it is lost when you clear your browser data, and we cannot restore it. In Settings, under &quot;Your
          data&quot;, you can download a copy of it as a file or delete all of it from this browser, without anything being sent to us; you can also delete
          single sessions in the history, or clear your browser&apos;s site data.
        </p>
      </LegalSection>

      <LegalSection id="signed-in" title="If you sign in">
        <p>When you have an account, we store on our server, tied to your account:</p>
        <LegalList>
          <li>your account details from the authentication provider: your name, e-mail address and account identifier;</li>
          <li>
            your sessions: transcripts, speaker names, analysis and insight cards, conversation signals, your helpful / not-helpful votes, summaries,
            recommendations, reminders, Growth Commitment follow-ups, and the commitments you made there with whether you kept them;
          </li>
          <li>
            technical markers such as creation dates and whether a transcription or analysis failed, so you can retry it, and, after a failed transcription, the
            recording itself for a limited time (see below).
          </li>
        </LegalList>
        <p>
          When you sign in, sessions saved in your browser are moved into your account. Only you can see your sessions, and{" "}
          <strong>you can delete any session at any time</strong> from your history.
        </p>
        <p>
          In Profile Settings, under &quot;Your data&quot;, <strong>Download my data</strong> gives you one file (JSON) with everything your account holds (a
          recording kept for a retry is listed with its size, not copied into it), and <strong>Delete all my data</strong> deletes all of it, after you confirm,
          including any recording kept for a retry. The same dialog can also delete your account with the authentication provider.
        </p>
      </LegalSection>

      <LegalSection id="audio" title="Your recordings (audio)">
        <p>
          To create a transcript, your audio is sent through our server to an AI provider for speech-to-text. It is processed there and{" "}
          <strong>not stored permanently</strong>:
        </p>
        <LegalList>
          <li>
            Once the transcription succeeds, the audio is deleted from our server: it was only held in memory while it was passed on. We keep the transcript,
            not the recording.
          </li>
          <li>
            If a transcription fails, the audio is kept only while it waits for you to retry, so that your recording is not lost. Signed in, it is kept in our
            database (up to a size limit per account; beyond it, only your browser keeps it) until the retry succeeds or you delete the session, and at most{" "}
            {AUDIO_DAYS} days after the last failed attempt: a daily clean-up then deletes it. As a guest, it stays only in your browser (except the parts of a
            long recording, below).
          </li>
          <li>
            A recording longer than {PART_MINUTES} minutes is sent in parts of a few megabytes and transcribed part by part. The parts are kept on our server
            (in our database, or in the operator&apos;s object storage) only until that part is transcribed, then deleted; the parts of an upload that is never
            finished are deleted after {UPLOAD_HOURS} hours. This holds for guests too: the parts carry audio only, never a session or a transcript, and only
            the browser that sent them can reach them; a guest&apos;s unfinished upload also keeps a keyed hash of the IP address it came from (not the address
            itself), so that one address cannot hold more than a few uploads at once. So that each voice keeps its name across the parts, a few seconds of each
            voice from the first part are sent to the AI provider again with every later part.
          </li>
          <li>
            While you record, and until our server confirms the transcript, your browser keeps the recording in its IndexedDB, so that a lost connection or a
            closed tab cannot lose it. It is deleted there once the transcript is stored (your session saved, in this browser or your account); a failed one
            stays until you retry or delete it.
          </li>
          <li>
            The <strong>live voice coach</strong> of the Solo Journal (signed in only): while it runs, your microphone audio is streamed directly from your
            browser to OpenAI&apos;s Realtime API, which answers by voice and writes a live transcript of both sides. Our server only opens the session (with
            the name the coach calls you and the conversation guide you chose) and never receives that stream. The journal recording itself is handled like any
            other recording, as described above.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="never" title="What we never do">
        <LegalList>
          <li>We never write transcripts or audio into our logs. Errors are logged by code and identifier only, and our automated tests check this.</li>
          <li>We never sell your data or share it for advertising. There are no ads in the app.</li>
          <li>We do not use advertising or tracking cookies.</li>
          <li>We do not read your conversations, and we do not train AI models on them.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="providers" title="Service providers we work with">
        <p>Like most apps, we rely on a few specialised companies. Each receives only what it needs for its task and may use it only on our behalf:</p>
        <LegalList>
          <li>
            <strong>An authentication provider</strong> handles sign-up and sign-in (social login or e-mail and password). It processes your name, e-mail
            address and login details and sets the cookies needed to keep you signed in. It is only involved if you create an account or sign in.
          </li>
          <li>
            <strong>Two AI providers, OpenAI and Google (Gemini).</strong> Your recording goes to OpenAI to turn speech into text; only when OpenAI is
            unavailable does it go to Google&apos;s Gemini instead. The transcript goes to Gemini to be analysed and for your personal summary, recommendations,
            conversation signals and Growth Commitment follow-up; only when Gemini is unavailable does it go to OpenAI instead. They receive the audio or
            transcript, the speaker names you chose and the recording language, but not your e-mail address or account. Where the operator has set up no AI
            provider, nothing is sent to one: recordings wait in your browser, and analyses are made on our server by a simpler built-in analyser.
          </li>
          <li>
            <strong>A hosting provider</strong> runs our servers and database. All data that passes through the app is processed on its infrastructure,
            including short-lived technical logs (such as IP address, time of the request and error details, never transcripts or audio).
          </li>
          <li>
            <strong>A payment provider</strong>, only if you choose to make a voluntary donation. You enter your payment details directly with the payment
            provider; we never see your full payment details and receive only what we need to confirm the donation.
          </li>
        </LegalList>
        <p>
          Some of these providers may process data outside the European Union. Where they do, the transfer is protected by the safeguards the GDPR requires,
          such as an adequacy decision or the EU Standard Contractual Clauses.
        </p>
      </LegalSection>

      <LegalSection id="legal-bases" title="Why we are allowed to process your data">
        <p>Under the EU General Data Protection Regulation (GDPR), we rely on these legal bases:</p>
        <LegalList>
          <li>
            <strong>Providing the app you asked for</strong> (Art. 6(1)(b)): recording, transcribing, analysing and, if you are signed in, storing your
            sessions; handling a donation.
          </li>
          <li>
            <strong>Your explicit consent</strong> (Art. 9(2)(a)): relationship conversations can touch on sensitive matters such as health or intimate life. By
            starting a recording you agree that it is processed for this purpose. You can withdraw consent at any time by deleting the session; this does not
            affect processing that took place before.
          </li>
          <li>
            <strong>Our legitimate interests</strong> (Art. 6(1)(f)): keeping the app secure and working, for example through technical logs that contain no
            conversation content.
          </li>
          <li>
            <strong>Legal obligations</strong> (Art. 6(1)(c)), for example keeping records of donations where the law requires it.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep data">
        <LegalList>
          <li>Guest sessions: in your browser until you delete them or clear your browser data.</li>
          <li>Signed-in sessions: in your account until you delete them or your account.</li>
          <li>
            Audio: on our server, not at all once transcribed; after a failed transcription, until you retry or delete it, and at most {AUDIO_DAYS} days after
            the last failed attempt; the parts of a long recording, until it is transcribed and at most {UPLOAD_HOURS} hours.
          </li>
          <li>
            Request counters: to stop the AI from being overused, our database counts requests per account, or per IP address for guests (for an IPv6 address,
            the network block it belongs to). Each counter is kept only for its time window (one hour unless the operator sets another; the count of sessions
            you deleted today, which still count toward the day&apos;s limit of new sessions, until the end of the day) and then deleted. An account&apos;s
            counters are in its data download. Deleting all your data keeps them until their window ends, so that it does not reset the limits; deleting your
            account deletes them at once.
          </li>
          <li>
            Account details: until your account is deleted (you can do this yourself in Profile Settings). After that we keep only the deleted account&apos;s
            identifier and the time of deletion, nothing else, so that nothing can ever be stored for that account again (for example by a request that was
            still running when you deleted it).
          </li>
          <li>Technical logs: only for a short period, as needed for security and troubleshooting.</li>
          <li>Donation records: as long as tax and accounting law requires.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="rights" title="Your rights under the GDPR">
        <p>You have the right to:</p>
        <LegalList>
          <li>
            <strong>access</strong> the personal data we hold about you (Art. 15);
          </li>
          <li>
            have inaccurate data <strong>corrected</strong> (rectification, Art. 16);
          </li>
          <li>
            have your data <strong>deleted</strong> (erasure, Art. 17), which you can also do yourself by deleting sessions;
          </li>
          <li>
            <strong>restrict</strong> how we process it (Art. 18);
          </li>
          <li>
            receive your data in a portable, machine-readable format (<strong>data portability</strong>, Art. 20);
          </li>
          <li>
            <strong>object</strong> to processing based on our legitimate interests (Art. 21);
          </li>
          <li>
            <strong>withdraw your consent</strong> at any time, with effect for the future (Art. 7(3));
          </li>
          <li>
            <strong>lodge a complaint with a supervisory authority</strong>, in particular in the EU country where you live or work (Art. 77).
          </li>
        </LegalList>
        <p>
          You can use the rights of access, portability and erasure yourself, at any time: <strong>Download my data</strong> and{" "}
          <strong>Delete all my data</strong> are in Profile Settings when you are signed in, and in Settings for a guest&apos;s browser. For anything else,
          write to us. We will answer within one month at the latest.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security">
        <p>
          Data travels between your browser, our server and our providers over encrypted connections. Every request to your account is checked against your
          verified sign-in, so each person can only reach their own sessions. Audio is deleted after transcription, and conversation content is kept out of our
          logs. No system is perfectly secure, but we work hard to protect your data, and if a breach ever affects you, we will tell you as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children">
        <p>
          The app is only for people aged 18 or older, and no one under 18 should be recorded. If we learn that we hold data about a child, we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          If the app or the law changes, we will update this policy. If a change affects how your data is used in a significant way, we will let you know in the
          app before it takes effect.
        </p>
      </LegalSection>

      <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20">
        <LegalCard>
          <h2 id="contact-heading" className="font-serif text-xl font-semibold text-deep-teal-700 sm:text-2xl">
            Contact
          </h2>
          <p className="mt-3">
            The operator of this app is responsible for the processing described here. Questions about your privacy, or want to use one of your rights? We are
            happy to help.
          </p>
          <p className="mt-3">
            E-mail: <ExternalLink href={mailto}>{contactEmail}</ExternalLink>
          </p>
        </LegalCard>
      </section>

      <section aria-labelledby="disclaimer-heading" className="rounded-card border border-cream-200 bg-cream-100 p-5 sm:p-6">
        <h2 id="disclaimer-heading" className="font-serif text-lg font-semibold text-deep-teal-700">
          Disclaimer
        </h2>
        <p className="mt-2">
          This app is a tool for reflecting on conversations. It is not therapy or mental-health treatment, and its AI-generated insights can be inaccurate.
          Please read our <InternalLink href="/terms-of-service">Terms of Service</InternalLink> for the full terms of use, including where to find help in a
          crisis.
        </p>
      </section>
    </>
  );
}
