import { appConfig } from "~/app.config";
import { formatNumber } from "~/domain/format";
import { company, mailto, p, ul } from "./company";
import type { LegalDocument } from "./types";

const rate = formatNumber(appConfig.leasing.promoRatePercent, 2);

/** /partnerji: who Avtotrg works with, in general terms, and how partner applications get access. */
export const partnersPage: LegalDocument = {
  title: "Partnerji",
  lead: "S partnerji kupcem ponujamo več podatkov o vozilih in varnejši nakup, trgovcem pa povezavo s programi, ki jih že uporabljajo.",
  updated: "2025-07-22",
  sections: [
    {
      id: "amzs",
      heading: "AMZS: garancija in ugodnosti za člane",
      blocks: [
        p(
          "Prodajalci lahko k oglasu ponudijo garancijo AMZS, ki kupcu zagotavlja dodatno varnost. Člani AMZS z vpisano številko članstva v profilu lahko izberejo paket izpostavitve Izpostavljeno (člani AMZS) po ugodnejši ceni.",
        ),
      ],
    },
    {
      id: "financiranje",
      heading: "Financiranje in leasing",
      blocks: [
        p(
          `Pri oglasih je na voljo izračun obrokov financiranja partnerske banke s fiksno obrestno mero ${rate} %. Izračun je informativen; ko pošljete povpraševanje, vas banka kontaktira z zavezujočo ponudbo. Banki posredujemo podatke šele, ko povpraševanje pošljete sami.`,
        ),
      ],
    },
    {
      id: "podatki-o-vozilih",
      heading: "Podatki o vozilih",
      blocks: [
        ul(
          "Podatki o tehničnih pregledih in prevoženih kilometrih iz slovenskih evidenc (zapis kilometrov ob tehničnem pregledu obstaja od leta 2015).",
          "Preverjanje, ali je vozilo v evidencah ukradenih ali zastavljenih vozil, z datumom zadnjega preverjanja.",
          "Podatki o izvedenkah, opremi in porabi goriva iz baz podatkov o vozilih, ki samodejno izpolnijo oglas po številki šasije.",
          "Pregledi vozil v več kot 100 točkah, na podlagi katerih uredniki dodelijo značko Preverjeno; poročila pregledovalnih centrov lahko naložijo neposredno k oglasu.",
        ),
      ],
    },
    {
      id: "partnerske-aplikacije",
      heading: "Partnerske aplikacije za trgovce",
      blocks: [
        p(
          "Trgovci lahko zalogo vozil upravljajo tudi iz svojih programov, na primer iz sistema za upravljanje zaloge ali prodaje. Partnerska aplikacija dobi dostop le, če ji ga trgovec izrecno dovoli:",
        ),
        ul(
          "Aplikacija trgovca preusmeri na Avtotrg, kjer se prijavi s svojim računom.",
          "Avtotrg pokaže, katera aplikacija prosi za dostop in kaj bo lahko počela (npr. objavljala, urejala in umikala oglase poslovne enote).",
          "Dostop lahko dovoli le član poslovne enote; uporabniki brez poslovne enote vidijo poziv k [registraciji trgovca](/trgovec/registracija).",
          "Dovoljenje velja le za oglase te poslovne enote in ga je mogoče kadar koli preklicati na strani poslovne enote.",
        ),
        p(
          "Aplikacija pri tem nikoli ne izve gesla ali drugih podatkov za prijavo. Za ravnanje s podatki v partnerski aplikaciji odgovarja njen ponudnik.",
        ),
      ],
    },
    {
      id: "oglasne-mreze",
      heading: "Oglasne mreže",
      blocks: [
        p(
          "Oglase za vozila lahko prikazujemo tudi pri partnerjih v oglasnih mrežah, kar poveča njihov doseg. Oglasi s skrito številko šasije v partnerskih oglasnih mrežah niso prikazani. Oglasi oglaševalcev na Avtotrgu se prikazujejo le obiskovalcem, ki so dovolili trženjske piškotke.",
        ),
      ],
    },
    {
      id: "postanite-partner",
      heading: "Postanite partner",
      blocks: [
        p(
          `Ponudniki programske opreme za trgovce, banke, zavarovalnice, servisi in drugi, ki bi želeli sodelovati z nami, nam pišite na ${mailto(company.partnersEmail)}. Odgovorimo v petih delovnih dneh.`,
        ),
      ],
    },
  ],
};
