import { appConfig } from "~/app.config";
import { formatDate } from "~/domain/format";
import { company, mailto, note, ol, p, ul } from "./company";
import type { LegalDocument } from "./types";

const { start, end, giftCardEuros } = appConfig.campaign;
const startDay = formatDate(start);
const endDay = formatDate(end);
const euros = `${giftCardEuros} EUR`;

/** /splosnipogojiuporabe: terms of the gift-card campaign (dates and amount come from app.config). */
export const campaignTerms: LegalDocument = {
  title: `Splošni pogoji akcije »Dobropis ${euros} za prodajalca in kupca«`,
  lead: `Za vozila, oglaševana na Avtotrgu v času akcije, prodajalec in kupec ob prepisu prek partnerja akcije prejmeta vsak darilno kartico za ${euros}.`,
  updated: "2022-03-22",
  sections: [
    {
      id: "organizator",
      heading: "Organizator in partner akcije",
      blocks: [
        p(
          `Organizator akcije je ${company.name}, ${company.address} (v nadaljevanju: organizator). Darilne kartice izda partner akcije, ki je naveden na strani [Dobropis](/dobropis20eur) (v nadaljevanju: partner).`,
        ),
        p(
          "Ti pogoji dopolnjujejo [Splošne pogoje uporabe](/splosni-pogoji) Avtotrga. Z unovčenjem dobropisa udeleženec potrdi, da jih je prebral in se z njimi strinja.",
        ),
      ],
    },
    {
      id: "trajanje",
      heading: "Trajanje akcije",
      blocks: [
        note(
          `Akcija velja za nove oglase, objavljene od ${startDay} od 0.00 do ${endDay} do 0.00 (po slovenskem času).`,
        ),
        p(
          "Oglasi, objavljeni pred začetkom ali po koncu tega obdobja, ter ponovne objave oglasov, ki so bili prvič objavljeni pred začetkom akcije, v akciji ne sodelujejo. Zahtevke za oglase zunaj obdobja akcije sistem zavrne z obvestilom.",
        ),
      ],
    },
    {
      id: "potek",
      heading: "Kako pridobite dobropis",
      blocks: [
        ol(
          "Prodajalec v času akcije objavi nov oglas za vozilo s popolno številko šasije (VIN).",
          "Ko se prodajalec in kupec dogovorita o prodaji, vozilo prepišeta prek partnerja akcije, ki ju napoti na Avtotrg (partnerska napotitev).",
          "Na strani [Dobropis](/dobropis20eur) vpišete številko šasije prodanega vozila; sistem poišče oglas in preveri, ali izpolnjuje pogoje akcije.",
          "S potrditvijo prenosa akcije za ta oglas se zahtevek zabeleži, prodajalec in kupec pa vsak prejmeta darilno kartico partnerja.",
        ),
        p("Dobropis uveljavlja prijavljeni uporabnik. Kupec in prodajalec morata biti različni osebi."),
      ],
    },
    {
      id: "pogoji",
      heading: "Pogoji za pridobitev dobropisa",
      blocks: [
        ul(
          "Oglas je bil prvič objavljen v obdobju akcije in je imel vpisano popolno 17-mestno številko šasije.",
          "Vozilo je bilo prodano in prepisano na kupca prek partnerja akcije.",
          "Za posamezno številko šasije je dobropis mogoče unovčiti le enkrat, ne glede na število oglasov, prodaj ali prepisov tega vozila.",
          "Prodajalec je lahko zasebni uporabnik ali trgovec; kupec je fizična ali pravna oseba, ki ni prodajalec ali z njim povezana oseba.",
        ),
      ],
    },
    {
      id: "darilne-kartice",
      heading: "Darilne kartice",
      blocks: [
        ul(
          `Vrednost vsake darilne kartice je ${euros}; prodajalec in kupec prejmeta vsak svojo kartico.`,
          "Kartico izda partner v elektronski obliki in jo pošlje na e-poštni naslov uporabniškega računa najpozneje v 30 dneh po zabeleženem zahtevku.",
          "Kartico je mogoče uporabiti pod pogoji partnerja, ki so navedeni na kartici, vključno z rokom veljavnosti.",
          "Kartice ni mogoče zamenjati za gotovino, jo prenesti na tretjo osebo proti plačilu ali jo nadomestiti, če jo prejemnik izgubi.",
        ),
      ],
    },
    {
      id: "zlorabe",
      heading: "Zlorabe",
      blocks: [
        p(
          "Organizator lahko zahtevek zavrne ali že izdano kartico razveljavi, če ugotovi, da prodaja ni bila resnična, da sta kupec in prodajalec ista ali povezani osebi, da so bili podatki v oglasu ali zahtevku lažni ali da je udeleženec kako drugače zlorabil akcijo.",
        ),
      ],
    },
    {
      id: "osebni-podatki",
      heading: "Osebni podatki",
      blocks: [
        p(
          `Za izvedbo akcije organizator obdeluje ime in priimek, e-poštni naslov, številko šasije in podatke o oglasu udeležencev. Partnerju posreduje le podatke, potrebne za izdajo darilnih kartic. Podatki se hranijo 5 let po koncu akcije oziroma po poravnavi obveznosti. Več v [Politiki zasebnosti](/politika-zasebnosti); vprašanja na ${mailto(company.privacyEmail)}.`,
        ),
      ],
    },
    {
      id: "davki",
      heading: "Davčne obveznosti",
      blocks: [
        p(
          `Vrednost posamezne darilne kartice (${euros}) ne presega 42 EUR, zato za prejemnika ne nastane obveznost plačila dohodnine.`,
        ),
      ],
    },
    {
      id: "koncne-dolocbe",
      heading: "Končne določbe",
      blocks: [
        p(
          `Organizator lahko akcijo predčasno konča ali pogoje spremeni le iz utemeljenih razlogov, o čemer obvesti na tej strani; že zabeleženi zahtevki se izplačajo po pogojih, veljavnih ob zahtevku. Vprašanja in pritožbe sprejemamo na ${mailto(company.helpEmail)}. Za spore je pristojno stvarno pristojno sodišče v Ljubljani.`,
        ),
      ],
    },
  ],
};
