import { EmergencyNumbers } from "@/components/ui/emergency-numbers";
import { PhoneNumbers } from "@/components/ui/phone-numbers";
import { CRISIS_LINES } from "@/lib/domain/safety/crisis-lines";

import { ExternalLink, InternalLink, LegalCard, LegalList, LegalSection } from "./legal-page";

// The Terms of Service text: a critical disclaimer, 13 numbered sections and the crisis resources. Server component.

export function TermsContent({ contactEmail }: { contactEmail: string }) {
  return (
    <>
      <p className="text-lg leading-8 text-ink-soft">
        Thank you for using this relationship conversation coach. These terms explain what the app is, what it is not, and what we ask of you. We have tried to
        keep them clear and human. Please read them, especially the box below.
      </p>

      <section
        aria-labelledby="critical-disclaimer-heading"
        className="rounded-card border-2 border-soft-tangerine bg-soft-tangerine-100 p-5 shadow-card sm:p-6"
      >
        <h2 id="critical-disclaimer-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-soft-tangerine-700">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
            <path d="M12 9v4" />
            <path d="M12 17h.01" />
          </svg>
          Important: please read this first
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 marker:text-soft-tangerine-700">
          <li>
            <strong>This app is not therapy</strong>, counselling or any form of mental-health or medical treatment.
          </li>
          <li>
            It is <strong>not a substitute for professional help</strong> from a qualified therapist, counsellor, doctor or other professional.
          </li>
          <li>
            Transcripts, insights and the voice coach are produced by artificial intelligence.{" "}
            <strong>They can be inaccurate, incomplete or wrong for your situation.</strong>
          </li>
          <li>
            You use the app <strong>at your own risk</strong> and remain responsible for your own decisions.
          </li>
          <li>
            <strong>If you are in crisis</strong>, feel unsafe, or are thinking about harming yourself or someone else, please stop using the app and contact
            your local emergency services or a crisis line now. You will find numbers under{" "}
            <a href="#crisis-resources" className="rounded-sm font-semibold text-ink underline decoration-2 underline-offset-4">
              Crisis resources
            </a>{" "}
            at the end of this page.
          </li>
        </ul>
      </section>

      <LegalSection id="acceptance" title="1. Acceptance of Terms">
        <p>
          These Terms of Service (&ldquo;terms&rdquo;) apply to your use of this relationship conversation coach (&ldquo;the app&rdquo;, &ldquo;we&rdquo;,
          &ldquo;us&rdquo;). By using the app, whether as a guest or with an account, you agree to them. If you do not agree, please do not use the app.
        </p>
        <p>
          How we handle your data is described in our <InternalLink href="/privacy-policy">Privacy Policy</InternalLink>, which is part of how the app works and
          worth reading alongside these terms.
        </p>
      </LegalSection>

      <LegalSection id="eligibility" title="2. Eligibility">
        <p>
          You must be <strong>18 years or older</strong> to use the app. It is made for adults reflecting on their own relationships. By using it, you confirm
          that you are at least 18 and that everyone you record is at least 18 too.
        </p>
      </LegalSection>

      <LegalSection id="service" title="3. Description of the Service">
        <p>The app helps you look back on conversations and notice how you communicate. It offers two modes:</p>
        <LegalList>
          <li>
            <strong>Relationship:</strong> you record a conversation between partners (up to four speakers). The app creates a transcript with identified
            speakers, lets you name them, and gives you AI insight cards across six relationship dimensions. You mark each card helpful or not, then receive a
            personal summary, recommendations and encouragement, an optional calendar reminder and, if you like, a follow-up &ldquo;Growth Commitment&rdquo;
            recording.
          </li>
          <li>
            <strong>Solo Journal:</strong> you speak on your own, and a live AI voice coach listens and talks back in real time.
          </li>
        </LegalList>
        <p>
          The app is free to use. We may improve, change, pause or end features, and we cannot promise that the app will always be available or free of errors.
        </p>
      </LegalSection>

      <LegalSection id="not-therapy" title="4. Not Therapy, Medical or Professional Advice">
        <p>
          We are not a healthcare provider, and the app does not diagnose, treat or prevent any condition. Nothing in it is medical, psychological, legal or
          financial advice. It is also <strong>not a crisis service</strong>: no person watches your sessions, and nobody will be alerted if you or someone else
          is in danger.
        </p>
        <p>
          If there is violence, threats, control or fear in your relationship, this app is not the right tool, and recording such conversations can put you at
          risk. Please reach out to a specialised support service, a professional you trust, or the emergency services.
        </p>
        <p>
          If you are struggling with your relationship or your mental health, we warmly encourage you to talk to a qualified couples therapist, counsellor or
          doctor.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="5. Accounts and Guest Use">
        <p>
          <strong>As a guest</strong> you can use the app without an account. Your sessions are then stored only in your browser on this device. They are{" "}
          <strong>lost when you clear your browser data</strong>, use a private window, or switch to another browser or device, and we cannot recover them for
          you.
        </p>
        <p>
          <strong>With an account</strong> your sessions are saved on our server so you can come back to them. Sign-in is handled by an authentication provider
          (with a social login or with e-mail and password). When you sign in, sessions stored in your browser are moved to your account. Please keep your login
          details safe; you are responsible for what happens in your account. You can delete sessions at any time, and you can ask us to delete your account by
          writing to us (see section 13).
        </p>
      </LegalSection>

      <LegalSection id="your-content" title="6. Your Content and Consent to Recording">
        <p>
          Your recordings, transcripts, speaker names, votes and follow-ups (&ldquo;your content&rdquo;) remain yours. You allow us to process your content only
          as far as needed to provide the app to you: to transcribe it, analyse it and, if you are signed in, store it in your account. We do not sell it and do
          not use it for advertising.
        </p>
        <LegalCard className="border-l-4 border-deep-teal">
          <p className="font-semibold text-deep-teal-800">Everyone in the conversation must agree to be recorded.</p>
          <p className="mt-2">
            Before you start, tell every participant that the conversation will be recorded and analysed by AI, and start only if all of them agree. Never
            record anyone secretly. If someone changes their mind, stop the recording and delete it. Recording a private conversation without consent is
            unlawful in many countries (in Germany, for example, under section 201 of the Criminal Code).
          </p>
        </LegalCard>
        <p>You are responsible for having the right to record and share everything you submit.</p>
      </LegalSection>

      <LegalSection id="privacy" title="7. Privacy">
        <p>
          Privacy matters deeply in a product like this. In short: the Privacy-by-Design setting is on by default; guest sessions stay in your browser;
          signed-in sessions are stored in your account and you can delete them; and audio is processed for transcription and not stored permanently. We never
          sell your data and show no ads.
        </p>
        <p>
          The full details, including your rights under the GDPR, are in our <InternalLink href="/privacy-policy">Privacy Policy</InternalLink>.
        </p>
      </LegalSection>

      <LegalSection id="ai-content" title="8. AI-Generated Content">
        <p>
          Transcripts, speaker identification, insight cards, summaries, recommendations, encouragement and everything the voice coach says are generated
          automatically by AI models. AI can mishear words, attribute a sentence to the wrong person, misread tone, miss context, and sound confident while
          being wrong. Analysis is written in English, and quality can vary with audio quality, accents and language.
        </p>
        <p>
          Please treat the output as a gentle prompt for your own reflection and conversation, not as a verdict on you, your partner or your relationship. Do
          not rely on it alone for important decisions, and do not use it as evidence against anyone. AI output does not reflect our opinion or a professional
          assessment.
        </p>
      </LegalSection>

      <LegalSection id="donations" title="9. Donations">
        <p>
          If you would like to support the project, you can leave a tip through &ldquo;Buy Us A Drink&rdquo;. Donations are{" "}
          <strong>voluntary, one-off payments in US dollars</strong>, processed by a payment provider under its own terms. We never see or store your full
          payment details.
        </p>
        <p>
          A donation is a gift: you <strong>do not receive goods, services, features or any other benefit in return</strong>, and the app works exactly the same
          whether you donate or not. We are not a charity, so donations are not tax-deductible. If you donated by mistake, please write to us soon and we will
          do our best to help. Your statutory rights are not affected.
        </p>
      </LegalSection>

      <LegalSection id="acceptable-use" title="10. Acceptable Use">
        <p>Please use the app kindly and lawfully. In particular, do not:</p>
        <LegalList>
          <li>record anyone without their knowledge and agreement, or record anyone under 18;</li>
          <li>use the app to monitor, pressure, control, threaten or harass another person, or to collect &ldquo;evidence&rdquo; against them;</li>
          <li>upload unlawful content or content that infringes other people&apos;s rights;</li>
          <li>try to get the AI to produce harmful content, or feed it instructions disguised as a conversation;</li>
          <li>
            interfere with the app&apos;s security or operation, for example by probing, overloading, scraping or accessing it in automated ways, or by trying
            to reach other users&apos; data;
          </li>
          <li>resell, copy or commercially exploit the app without our written permission.</li>
        </LegalList>
        <p>If these rules are broken, we may limit or end access to the app.</p>
      </LegalSection>

      <LegalSection id="liability" title="11. Limitation of Liability">
        <p>
          The app is provided free of charge and &ldquo;as is&rdquo;. We do not guarantee that it will always be available, that it will work without errors, or
          that AI output will be accurate or suitable for you.
        </p>
        <p>
          We are liable without limitation for damage caused intentionally or through gross negligence, for injury to life, body or health, under the German
          Product Liability Act, and where we have given a guarantee. For slight negligence we are liable only if we breach an essential obligation (one that
          makes proper use of the app possible in the first place and on which you may regularly rely), and then only for the typical, foreseeable damage.
          Otherwise, liability for slight negligence is excluded. These limits also protect the people who work on the app.
        </p>
        <p>
          Guest sessions live only in your browser, so please keep anything important yourself. We are not responsible for data lost because browser storage was
          cleared.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="12. Governing Law and Disputes">
        <p>
          These terms are governed by the <strong>laws of the Federal Republic of Germany</strong>, excluding the UN Convention on Contracts for the
          International Sale of Goods. If you use the app as a consumer and live in the European Union,{" "}
          <strong>you keep the protection of the mandatory consumer-protection laws of your country of residence</strong>; this choice of law does not take that
          protection away. Where the law allows consumers to bring claims in the courts of their home country, you may do so.
        </p>
        <p>
          <strong>EU online dispute resolution:</strong> the European Commission&apos;s online dispute resolution (ODR) platform was discontinued on 20 July
          2025 and no longer accepts complaints. If something goes wrong, please write to us first; most concerns can be resolved directly. You can also get
          free advice from the consumer advice centre in your country or the European Consumer Centres Network (ECC-Net).
        </p>
        <p>If any part of these terms is found to be invalid, the rest remains in effect.</p>
      </LegalSection>

      <LegalSection id="changes-contact" title="13. Changes to These Terms and Contact">
        <p>
          We may update these terms when the app or the law changes. If a change is significant, we will let you know in the app before it takes effect. If you
          keep using the app afterwards, the updated terms apply; if you do not agree, you can stop using it and delete your sessions at any time.
        </p>
        <p>
          Questions, concerns or feedback? Write to us at <ExternalLink href={`mailto:${contactEmail}`}>{contactEmail}</ExternalLink>. We read every message.
        </p>
      </LegalSection>

      <section id="crisis-resources" aria-labelledby="crisis-resources-heading" className="scroll-mt-20">
        <LegalCard className="border-t-4 border-deep-teal">
          <h2 id="crisis-resources-heading" className="font-serif text-xl font-semibold leading-snug text-deep-teal-700 sm:text-2xl">
            Crisis resources
          </h2>
          <p className="mt-3">
            If you are thinking about suicide, feel unsafe, or are worried about someone else, you do not have to go through it alone. These services are
            confidential and staffed by trained people.
          </p>
          <div className="mt-4 rounded-xl bg-cream-100 p-4">
            <p className="font-semibold">In an emergency, or if a life is in danger, call your local emergency number now:</p>
            <EmergencyNumbers className="mt-2" />
          </div>

          <ul className="mt-5 divide-y divide-cream-200">
            {CRISIS_LINES.map(({ country, lines }) => (
              <li key={country} className="py-3">
                <h3 className="font-semibold text-ink">{country}</h3>
                {lines.map((line) => (
                  <p key={line.service} className="mt-1 text-ink-soft">
                    <span className="text-ink">{line.service}</span>: <PhoneNumbers numbers={line.numbers} />
                    {line.note ? <span>. {line.note}</span> : null}
                  </p>
                ))}
              </li>
            ))}
            <li className="py-3">
              <h3 className="font-semibold text-ink">Other countries</h3>
              <p className="mt-1 text-ink-soft">
                <ExternalLink href="https://findahelpline.com">Find A Helpline (findahelpline.com)</ExternalLink> lists free, confidential helplines by country,
                and the International Association for Suicide Prevention keeps a{" "}
                <ExternalLink href="https://www.iasp.info/crisis-centres-helplines/">directory of crisis centres</ExternalLink> worldwide.
              </p>
            </li>
          </ul>
        </LegalCard>
      </section>
    </>
  );
}
