import { appConfig } from "~/app.config";
import { company, mailto, note, ol, p, ul } from "./company";
import type { LegalDocument } from "./types";

const gameEmail = "nagradna-igra@avtotrg.si";

/** /pravilasodelovanja: rules of participation in the karting prize game (the spec's "carting terms"). */
export const participationRules: LegalDocument = {
  title: "Pravila sodelovanja v nagradni igri »Na karting z Avtotrgom«",
  lead: "Objavite popoln oglas za svoje vozilo in se potegujte za enega od desetih bonov za karting vožnjo za dve osebi.",
  updated: "2022-05-20",
  sections: [
    {
      id: "organizator",
      heading: "Organizator",
      blocks: [
        p(
          `Organizator nagradne igre »Na karting z Avtotrgom« (v nadaljevanju: nagradna igra) je ${company.name}, ${company.address} (v nadaljevanju: organizator). Nagradna igra poteka na spletni strani ${company.site}.`,
        ),
        p(
          "Nagradna igra ni igra na srečo po Zakonu o igrah na srečo: sodelovanje je brezplačno in ni pogojeno z nakupom.",
        ),
      ],
    },
    {
      id: "trajanje",
      heading: "Namen in trajanje",
      blocks: [
        p("Namen nagradne igre je spodbuditi objavo popolnih in preglednih oglasov za vozila."),
        note("Nagradna igra poteka od 1. 6. 2022 od 0.00 do 30. 6. 2022 do 23.59."),
      ],
    },
    {
      id: "udelezenci",
      heading: "Kdo lahko sodeluje",
      blocks: [
        ul(
          "Sodelujejo lahko polnoletne fizične osebe s stalnim ali začasnim prebivališčem v Republiki Sloveniji, ki imajo uporabniški račun na Avtotrgu.",
          "Sodelovati ne smejo zaposleni pri organizatorju in pri partnerjih nagradne igre ter njihovi ožji družinski člani.",
          "Vsaka oseba v žrebanju sodeluje enkrat, ne glede na število objavljenih oglasov ali poslanih prijav.",
        ),
      ],
    },
    {
      id: "nacin-sodelovanja",
      heading: "Kako sodelujete",
      blocks: [
        p("V nagradni igri sodelujete na enega od dveh načinov:"),
        ol(
          `V času nagradne igre objavite nov oglas za svoje vozilo z vsaj ${appConfig.limits.recommendedExteriorPhotos} zunanjimi fotografijami, notranjimi fotografijami, opisom in izpolnjeno opremo (oglas je v pripomočku »Popolnost oglasa« označen kot popoln).`,
          `Ali pa v času nagradne igre pošljete e-sporočilo na ${mailto(gameEmail)} z zadevo »KARTING« ter svojim imenom, priimkom in e-poštnim naslovom računa na Avtotrgu.`,
        ),
        p(
          "Oglasi, ki kršijo [Splošne pogoje uporabe](/splosni-pogoji), in oglasi, odstranjeni pred žrebanjem, v žrebanju ne sodelujejo.",
        ),
      ],
    },
    {
      id: "nagrade",
      heading: "Nagrade",
      blocks: [
        p(
          "Organizator podeli 10 nagrad. Vsaka nagrada je bon za karting vožnjo za dve osebi (vsaka oseba 2 × 10 minut vožnje na stezi z opremo in varnostnim navodilom) na karting stezi v Sloveniji, v vrednosti 80 EUR z DDV.",
        ),
        p(
          "Bon velja do 31. 10. 2022 in ga je treba predhodno rezervirati pri upravljavcu steze. Nagrade ni mogoče zamenjati za gotovino, drugo nagrado ali jo prenesti na tretjo osebo. Za vožnjo mora imeti nagrajenec in njegov spremljevalec najmanj 16 let; mladoletni spremljevalec potrebuje soglasje staršev.",
        ),
      ],
    },
    {
      id: "zrebanje",
      heading: "Žrebanje",
      blocks: [
        p(
          "Žrebanje bo 5. 7. 2022 na sedežu organizatorja. Nagrajence med vsemi veljavnimi prijavami naključno izbere računalniški program, žrebanje nadzira tričlanska komisija organizatorja, o žrebanju pa se vodi zapisnik. Izžreba se tudi 5 rezervnih nagrajencev, ki po vrstnem redu nadomestijo nagrajence, ki nagrade ne prevzamejo.",
        ),
        p("Žrebanje ni javno. Odločitev komisije je dokončna."),
      ],
    },
    {
      id: "obvescanje",
      heading: "Obveščanje nagrajencev in prevzem nagrad",
      blocks: [
        ul(
          "Organizator nagrajence obvesti po e-pošti na naslov uporabniškega računa v 3 delovnih dneh po žrebanju.",
          "Nagrajenec v 8 dneh od obvestila sporoči ime, priimek, naslov prebivališča in davčno številko. Če tega ne stori, izgubi pravico do nagrade, ki pripade rezervnemu nagrajencu.",
          "Bon organizator pošlje po e-pošti v 15 dneh po prejemu podatkov.",
          "Ime, prva črka priimka in kraj nagrajencev bodo objavljeni na spletni strani in družbenih omrežjih organizatorja do 31. 10. 2022.",
        ),
      ],
    },
    {
      id: "davki",
      heading: "Davčne obveznosti",
      blocks: [
        p(
          "Vrednost posamezne nagrade presega 42 EUR, zato je nagrada obdavčena po Zakonu o dohodnini (ZDoh-2). Akontacijo dohodnine obračuna in plača organizator, nagrajenec pa vrednost nagrade vključi v letno dohodninsko osnovo. Brez davčne številke nagrade ni mogoče podeliti.",
        ),
      ],
    },
    {
      id: "osebni-podatki",
      heading: "Varstvo osebnih podatkov",
      blocks: [
        p(
          `Organizator obdeluje osebne podatke udeležencev za izvedbo nagradne igre (izvajanje pogodbe po teh pravilih) in podatke nagrajencev za izpolnitev davčnih obveznosti (zakonska obveznost). Podatke sodelujočih, ki niso prejeli nagrade, izbriše v 3 mesecih po koncu nagradne igre, podatke nagrajencev hrani 10 let po koncu leta podelitve, kot zahtevajo davčni predpisi. Več v [Politiki zasebnosti](/politika-zasebnosti); vprašanja na ${mailto(company.privacyEmail)}.`,
        ),
      ],
    },
    {
      id: "koncne-dolocbe",
      heading: "Končne določbe",
      blocks: [
        p(
          `Pravila so objavljena na tej strani in veljajo od začetka nagradne igre. Organizator lahko nagradno igro prekine le iz razlogov, na katere ne more vplivati (višja sila), o čemer obvesti na tej strani. Organizator ne odgovarja za izvedbo vožnje, ki jo zagotavlja upravljavec karting steze. Vprašanja in pritožbe sprejemamo na ${mailto(gameEmail)}. Za spore je pristojno stvarno pristojno sodišče v Ljubljani.`,
        ),
      ],
    },
  ],
};
