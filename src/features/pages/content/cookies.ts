import { appConfig } from "~/app.config";
import { company, mailto, p, ul } from "./company";
import type { LegalDocument } from "./types";
import { dayForms, plural } from "~/domain/plural";

const days = (n: number) => plural(n, dayForms);

/** /piskotki: the cookies page (spec: "cookies page"); its settings button opens the consent dialog. */
export const cookiesPolicy: LegalDocument = {
  title: "Piškotki",
  lead: "Katere piškotke in podobne tehnologije uporabljamo, zakaj, koliko časa ostanejo v vaši napravi in kako spremenite svojo izbiro.",
  updated: "2025-07-22",
  sections: [
    {
      id: "kaj-so",
      heading: "Kaj so piškotki",
      blocks: [
        p(
          "Piškotki so majhne besedilne datoteke, ki jih spletna stran shrani v vaš brskalnik. Ob naslednjem obisku jih brskalnik pošlje nazaj, da stran na primer ve, da ste prijavljeni. Podobno delujeta lokalna shramba in shramba seje brskalnika, ki ju uporabljamo za nekaj nastavitev.",
        ),
        p(
          "Po Zakonu o elektronskih komunikacijah (ZEKom-2) smemo brez vaše privolitve uporabljati le piškotke, ki so nujni za delovanje storitve, ki ste jo izrecno zahtevali. Za vse druge vas vprašamo za privolitev, preden jih nastavimo.",
        ),
      ],
    },
    {
      id: "vrste",
      heading: "Vrste piškotkov",
      blocks: [
        ul(
          "Nujni piškotki omogočajo prijavo, varnost, izbiro jezika in shranjujejo vašo izbiro glede piškotkov. Brez njih storitev ne deluje, zato jih ni mogoče izklopiti.",
          "Analitični piškotki nam povedo, koliko obiskovalcev imamo, katere strani in filtri so uporabni in kje se zatika. Podatke merimo z anonimiziranimi IP-naslovi. Nastavimo jih le z vašo privolitvijo.",
          "Trženjski piškotki omogočajo prikaz oglasov oglaševalskih partnerjev v oglasnih mestih na strani, omejevanje ponavljanja istega oglasa in merjenje uspešnosti oglasov. Nastavimo jih le z vašo privolitvijo; brez nje so oglasna mesta prazna.",
        ),
        p("Skripte za analitiko in oglaševanje se naložijo šele, ko izberete ustrezno privolitev, in nikoli pred tem."),
      ],
    },
    {
      id: "seznam",
      heading: "Seznam piškotkov",
      blocks: [
        {
          type: "table",
          caption: "Piškotki, ki jih uporablja Avtotrg",
          codeColumn: true,
          head: ["Ime", "Namen", "Vrsta", "Trajanje", "Ponudnik"],
          rows: [
            [
              appConfig.session.cookieName,
              "prijava in varna seja uporabnika",
              "nujni",
              days(appConfig.session.lifetimeDays),
              "Avtotrg",
            ],
            [
              `${appConfig.session.cookieName}_admin`,
              "vrnitev skrbnika v njegov račun po pomoči uporabniku",
              "nujni",
              "12 ur",
              "Avtotrg",
            ],
            [
              "avtotrg_oauth_state",
              "zaščita prijave z družbenim omrežjem pred ponarejanjem",
              "nujni",
              "10 minut",
              "Avtotrg",
            ],
            [appConfig.consent.cookieName, "vaša izbira glede piškotkov", "nujni", "6 mesecev", "Avtotrg"],
            [appConfig.localeCookie.name, "jezik strani", "nujni", days(appConfig.localeCookie.maxAgeDays), "Avtotrg"],
            [
              appConfig.ui.bannerCookie,
              "obvestilo o novih splošnih pogojih je bilo prikazano",
              "nujni",
              "365 dni",
              "Avtotrg",
            ],
            [
              "_ga, _ga_*",
              "razlikovanje obiskovalcev in obiskov za statistiko",
              "analitični",
              "do 2 let",
              "Google Ireland Limited",
            ],
            [
              "__gads, __gpi",
              "prikaz oglasov, omejevanje ponavljanja in merjenje uspešnosti",
              "trženjski",
              "13 mesecev",
              "Google Ireland Limited",
            ],
            [
              "IDE (doubleclick.net)",
              "prikaz oglasov in merjenje uspešnosti oglasov",
              "trženjski",
              "13 mesecev",
              "Google Ireland Limited",
            ],
          ],
        },
        p(
          "V shrambi seje brskalnika, ki se izbriše ob zaprtju zavihka, hranimo še: število ogledanih strani v obisku in ali je bil medstranski oglas že prikazan (avtotrg-page-views, avtotrg-interstitial-shown), odločitev, da prenos računa odložite (avtotrg-migrate-later), ter začeti izbor vozila pri oddaji oglasa. Ti podatki ne zapustijo vaše naprave.",
        ),
      ],
    },
    {
      id: "nastavitve",
      heading: "Kako spremenite izbiro",
      blocks: [
        p(
          "Izbiro lahko kadar koli spremenite z gumbom »Nastavitve piškotkov« na tej strani ali v nogi vsake strani. Ko privolitev prekličete, izbrišemo analitične piškotke, ki jih lahko, in znova naložimo stran, da se skripte ne izvajajo več.",
        ),
        p(
          "Piškotke lahko izbrišete ali blokirate tudi v nastavitvah brskalnika. Če blokirate nujne piškotke, se ne boste mogli prijaviti in oddati oglasa.",
        ),
      ],
    },
    {
      id: "tretje-osebe",
      heading: "Piškotki tretjih oseb",
      blocks: [
        p(
          "Analitične in trženjske piškotke nastavlja Google Ireland Limited kot naš obdelovalec oziroma, pri oglaševanju, kot samostojni upravljavec. Več o tem, kako Google uporablja podatke, je na [policies.google.com/technologies/partner-sites](https://policies.google.com/technologies/partner-sites).",
        ),
        p(
          "Pri prijavi z računom Google, Facebook, Apple ali X ste preusmerjeni na stran ponudnika, ki uporablja svoje piškotke po svojih pravilih.",
        ),
      ],
    },
    {
      id: "kontakt",
      heading: "Kontakt",
      blocks: [
        p(
          `Vprašanja o piškotkih pošljite na ${mailto(company.privacyEmail)}. Več o obdelavi osebnih podatkov preberite v [Politiki zasebnosti](/politika-zasebnosti).`,
        ),
      ],
    },
  ],
};
