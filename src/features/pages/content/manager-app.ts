import { appConfig } from "~/app.config";
import { company, mailto, note, ol, p, ul } from "./company";
import type { LegalDocument } from "./types";

// The five pages the Avtotrg Manager app links to from the app stores (/da-manager/*).
const app = "Avtotrg Manager";

export const managerMarketing: LegalDocument = {
  title: `${app}: oglasi in zaloga vedno pri roki`,
  lead: `${app} je brezplačna mobilna aplikacija za prodajalce vozil na Avtotrgu. Oglas objavite kar s parkirišča, zalogo pa pregledujete, kjer koli ste.`,
  updated: "2025-07-22",
  sections: [
    {
      id: "kaj-omogoca",
      heading: "Kaj omogoča",
      blocks: [
        ul(
          "Nov oglas v nekaj minutah: skenirajte številko šasije s kamero in aplikacija izpolni znamko, model in letnik.",
          "Fotografije neposredno s telefona, razvrščene po skupinah: zunanjost, notranjost, poškodbe, servisna knjižica in tehnični pregledi.",
          "Pregled vseh oglasov s stanji Aktivni, Neaktivni, Osnutki, Potekli in Prodani ter iskanjem po zalogi.",
          "Statistika ogledov vsakega oglasa po dnevih.",
          "Aktiviranje, umik, označitev prodaje in izpostavitev oglasa z enim dotikom.",
          "Za trgovce: predaja oglasa drugemu svetovalcu in pregled svetovalcev poslovne enote.",
        ),
      ],
    },
    {
      id: "za-koga",
      heading: "Za koga je",
      blocks: [
        p(
          "Za zasebne prodajalce, ki prodajajo svoje vozilo, ter za trgovce in njihove svetovalce, ki upravljajo zalogo poslovne enote. V aplikacijo se prijavite z istim računom kot na spletni strani.",
        ),
      ],
    },
    {
      id: "prenos",
      heading: "Prenos in cena",
      blocks: [
        p(
          `Aplikacijo poiščite v trgovinah App Store in Google Play pod imenom »${app}«. Prenos in uporaba sta brezplačna; plačljive storitve, kot je izpostavitev oglasa, imajo enake cene kot na spletni strani.`,
        ),
        p("Aplikacija deluje na napravah z iOS 16 ali novejšim in Android 9 ali novejšim."),
      ],
    },
    {
      id: "pomoc",
      heading: "Pomoč",
      blocks: [
        p(
          "Vprašanja in predlogi: [Podpora](/da-manager/support). Pravila uporabe: [Pogoji uporabe](/da-manager/terms-of-use) in [Zasebnost](/da-manager/privacy-policy).",
        ),
      ],
    },
  ],
};

export const managerSupport: LegalDocument = {
  title: `Podpora za ${app}`,
  lead: "Tukaj najdete odgovore na pogosta vprašanja in kontakt podpore.",
  updated: "2025-07-22",
  sections: [
    {
      id: "kontakt",
      heading: "Kontakt",
      blocks: [
        ul(
          `E-pošta: ${mailto(company.helpEmail)}`,
          "Ob delavnikih od 8. do 16. ure odgovorimo najpozneje naslednji delovni dan.",
          `Pisno: ${company.name}, ${company.address}`,
        ),
        p(
          "Ko nam pišete, navedite e-poštni naslov računa, vrsto telefona, različico aplikacije (Profil → O aplikaciji) in, če gre za oglas, njegovo številko.",
        ),
      ],
    },
    {
      id: "prijava",
      heading: "Prijava",
      blocks: [
        ul(
          "Povezava za prijavo ne pride: preverite mapo z neželeno pošto. Povezava velja 15 minut in jo lahko uporabite enkrat; po potrebi zahtevajte novo.",
          "Račun s telefonsko številko: če ste se registrirali pred 22. 7. 2025, se prijavite s telefonsko številko in 5-mestno SMS-kodo, nato pa račun prenesete na e-poštni naslov.",
          "Preveč poskusov: po več zaporednih zahtevah za kodo počakajte nekaj minut in poskusite znova.",
        ),
      ],
    },
    {
      id: "oglasi",
      heading: "Oglasi",
      blocks: [
        ul(
          "Številka šasije ni veljavna: vpišite vseh 17 znakov brez presledkov; črke O, I in Q se v njej ne pojavljajo.",
          "Številka šasije je že v uporabi: z isto številko šasije imate lahko objavljen le en oglas; obstoječi oglas najdete med svojimi oglasi.",
          `Oglasa ne morem objaviti: zasebni uporabniki imajo lahko hkrati največ ${appConfig.limits.activePostingsPrivateUser} aktivne oglase; enega umaknite ali se registrirajte kot trgovec.`,
          `Fotografije se ne naložijo: podprte so fotografije JPEG, PNG, WebP in HEIC ter dokumenti PDF do ${Math.round(appConfig.limits.fileSizeBytes / 1024 / 1024)} MB, na oglas največ ${appConfig.limits.filesPerPosting} datotek.`,
        ),
      ],
    },
    {
      id: "placila",
      heading: "Plačila in izpostavitev",
      blocks: [
        p(
          "Če je bilo plačilo izpostavitve potrjeno, izpostavitev pa ni vidna, nam pošljite številko oglasa in datum plačila; uredimo v enem delovnem dnevu. Izpostavitev lahko prekličete v seznamu oglasov; oglas ostane izpostavljen še do konca dneva.",
        ),
      ],
    },
    {
      id: "zloraba",
      heading: "Prijava sumljivega oglasa",
      blocks: [
        p(
          `Oglas, ki se vam zdi lažen ali goljufiv, nam sporočite na ${mailto(company.helpEmail)} s povezavo do oglasa. Nikoli ne plačujte vnaprej in ne pošiljajte podatkov plačilne kartice v sporočilih.`,
        ),
      ],
    },
    {
      id: "racun",
      heading: "Izbris računa",
      blocks: [p("Navodila so na strani [Izbris računa](/da-manager/delete-account).")],
    },
  ],
};

export const managerDeleteAccount: LegalDocument = {
  title: "Izbris računa",
  lead: `Kako zaprete svoj račun na Avtotrgu in v aplikaciji ${app} ter kaj se zgodi z vašimi podatki.`,
  updated: "2025-07-22",
  sections: [
    {
      id: "v-aplikaciji",
      heading: "Izbris v aplikaciji",
      blocks: [
        ol(
          `Odprite aplikacijo ${app} in se prijavite.`,
          "Izberite Profil → Nastavitve računa → Izbriši račun.",
          "Preberite, kaj se bo izbrisalo, in izbris potrdite s povezavo, ki jo prejmete po e-pošti.",
        ),
      ],
    },
    {
      id: "po-e-posti",
      heading: "Izbris brez aplikacije",
      blocks: [
        p(
          `Pišite nam z e-poštnega naslova svojega računa na ${mailto(company.helpEmail)} z zadevo »Izbris računa«. Če pišete z drugega naslova, vas bomo za potrditev istovetnosti prosili za odgovor z naslova računa. Račun s telefonsko številko brez e-pošte izbrišemo po potrditvi s SMS-kodo.`,
        ),
      ],
    },
    {
      id: "kaj-se-izbrise",
      heading: "Kaj se izbriše",
      blocks: [
        ul(
          "profil (ime, priimek, telefonska številka, številka članstva AMZS) in povezave s prijavami prek družbenih omrežij;",
          "priljubljeni oglasi, shranjena iskanja in nastavitve obvestil;",
          "osnutki oglasov ter fotografije in dokumenti oglasov;",
          "objavljeni oglasi se takoj umaknejo z iskanja in niso več javno dostopni.",
        ),
      ],
    },
    {
      id: "kaj-ostane",
      heading: "Kaj hranimo še naprej",
      blocks: [
        note(
          "Podatke, povezane z oglasi, hranimo 5 let po poteku oglasa oziroma poravnavi obveznosti, račune za plačila pa 10 let, kot zahtevajo davčni predpisi. Po izteku teh rokov jih izbrišemo.",
        ),
        p(
          "Ti podatki so dostopni le za izpolnjevanje zakonskih obveznosti ter uveljavljanje ali obrambo pravnih zahtevkov.",
        ),
      ],
    },
    {
      id: "roki",
      heading: "Roki",
      blocks: [
        p(
          "Zahtevek izvedemo najpozneje v 30 dneh, običajno v dveh delovnih dneh; o izbrisu vas obvestimo po e-pošti. Trgovci: če ste edini član poslovne enote, se z zaprtjem računa poslovna enota in njeni oglasi umaknejo; svetovalce in kontakte pred tem lahko prenesete na drugega člana.",
        ),
        p("Več v [Politiki zasebnosti](/da-manager/privacy-policy)."),
      ],
    },
  ],
};

export const managerPrivacy: LegalDocument = {
  title: `Zasebnost v aplikaciji ${app}`,
  lead: "Povzetek obdelave osebnih podatkov v mobilni aplikaciji. Za vse, kar ni posebej navedeno, velja celotna Politika zasebnosti Avtotrga.",
  updated: "2025-07-22",
  sections: [
    {
      id: "upravljavec",
      heading: "Upravljavec",
      blocks: [
        p(
          `${company.name}, ${company.address}; ${mailto(company.privacyEmail)}; pooblaščena oseba za varstvo osebnih podatkov: ${mailto(company.dpoEmail)}.`,
        ),
      ],
    },
    {
      id: "podatki",
      heading: "Podatki, ki jih aplikacija obdeluje",
      blocks: [
        ul(
          "podatki računa: e-poštni naslov, ime in priimek, potrjena telefonska številka;",
          "oglasi, ki jih ustvarite: številka šasije, podatki o vozilu, fotografije, dokumenti, cena in kontakti;",
          "za trgovce: podatki poslovne enote, svetovalcev in kontaktov;",
          "tehnični podatki: model naprave, različica sistema in aplikacije, zapisi o napakah ter žeton za potisna obvestila.",
        ),
        p(
          "Aplikacija ne zbira lokacije naprave, stikov ali podatkov drugih aplikacij in vas ne sledi med aplikacijami drugih podjetij.",
        ),
      ],
    },
    {
      id: "dovoljenja",
      heading: "Dovoljenja naprave",
      blocks: [
        ul(
          "Kamera: za skeniranje številke šasije in fotografiranje vozila; le ko jo sami odprete.",
          "Fotografije: za izbiro obstoječih fotografij vozila; aplikacija vidi le fotografije, ki jih izberete.",
          "Obvestila: za obvestila o ogledih, poteku oglasov in plačilih; izklopite jih lahko v nastavitvah telefona.",
        ),
      ],
    },
    {
      id: "podlage",
      heading: "Nameni, pravne podlage in hramba",
      blocks: [
        p(
          "Podatke obdelujemo za izvajanje pogodbe (uporabniški račun in oglasi), za poslovne uporabnike tudi na podlagi zakonitega interesa, zapise o napakah pa na podlagi zakonitega interesa za zanesljivo delovanje aplikacije. Podatki, povezani z oglasi, se hranijo 5 let po poteku oglasa oziroma poravnavi obveznosti; brez njih oglasa ni mogoče oddati. Zapise o napakah hranimo 90 dni.",
        ),
      ],
    },
    {
      id: "obdelovalci",
      heading: "Obdelovalci",
      blocks: [
        p(
          "Gostovanje in hramba podatkov (Cloudflare), pošiljanje e-pošte in SMS-sporočil, plačila s kartico (Stripe) ter dostava potisnih obvestil (Apple Push Notification service in Firebase Cloud Messaging). Z vsemi imamo sklenjene pogodbe o obdelavi; prenos v ZDA temelji na okviru EU-ZDA za zasebnost podatkov in standardnih pogodbenih določilih.",
        ),
      ],
    },
    {
      id: "pravice",
      heading: "Vaše pravice",
      blocks: [
        p(
          `Imate pravico do dostopa, popravka, izbrisa, omejitve obdelave, prenosljivosti in ugovora. Zahteve pošljite na ${mailto(company.privacyEmail)}. Račun izbrišete po navodilih na strani [Izbris računa](/da-manager/delete-account). Pritožbo lahko vložite pri Informacijskem pooblaščencu, Dunajska cesta 22, 1000 Ljubljana, [www.ip-rs.si](https://www.ip-rs.si).`,
        ),
        p("Celotna politika: [Politika zasebnosti](/politika-zasebnosti)."),
      ],
    },
  ],
};

export const managerTerms: LegalDocument = {
  title: `Pogoji uporabe aplikacije ${app}`,
  lead: `Pogoji za prenos in uporabo mobilne aplikacije ${app}. Za storitve Avtotrga v aplikaciji veljajo tudi Splošni pogoji uporabe.`,
  updated: "2025-07-22",
  sections: [
    {
      id: "ponudnik",
      heading: "Ponudnik in razmerje do splošnih pogojev",
      blocks: [
        p(
          `Aplikacijo zagotavlja ${company.name}, ${company.address}. Za oglase, plačljive storitve, trgovce in partnerske aplikacije veljajo [Splošni pogoji uporabe](/splosni-pogoji) Avtotrga; ti pogoji urejajo le, kar je posebnega pri aplikaciji.`,
        ),
      ],
    },
    {
      id: "licenca",
      heading: "Licenca",
      blocks: [
        p(
          "Ponudnik vam podeli neizključno, neprenosljivo in brezplačno pravico, da aplikacijo namestite na naprave, ki jih imate v lasti ali nadzoru, in jo uporabljate za svoje oglase ali oglase svoje poslovne enote. Aplikacije ni dovoljeno spreminjati, razstavljati, povratno prevajati ali uporabljati za samodejno zajemanje vsebin, razen kolikor to izrecno dovoljuje zakon.",
        ),
      ],
    },
    {
      id: "racun",
      heading: "Račun in varnost",
      blocks: [
        p(
          "V aplikacijo se prijavite z računom Avtotrga. Napravo zaščitite z zaklepanjem zaslona; ob izgubi naprave se odjavite na spletni strani ali nam pišite, da prekličemo seje. Za dejanja s svojim računom odgovarjate sami.",
        ),
      ],
    },
    {
      id: "trgovine",
      heading: "Trgovini z aplikacijami",
      blocks: [
        p(
          "Pogoje sklepate s ponudnikom, ne z družbama Apple ali Google. Trgovini z aplikacijami ne odgovarjata za aplikacijo, njeno vzdrževanje, podporo ali zahtevke v zvezi z njo. Apple in njegove odvisne družbe so upravičeni tretji uporabniki teh pogojev in jih lahko uveljavljajo v razmerju do vas.",
        ),
        p(
          "Aplikacija je brezplačna. Plačljive storitve (izpostavitev oglasov) se plačajo prek ponudnika plačil s kartico po enakih cenah in pogojih kot na spletni strani.",
        ),
      ],
    },
    {
      id: "posodobitve",
      heading: "Posodobitve in razpoložljivost",
      blocks: [
        p(
          "Aplikacijo redno posodabljamo. Starejše različice lahko prenehajo delovati, ko niso več varne ali združljive s storitvijo; o tem vas aplikacija obvesti. Ponudnik lahko aplikacijo kadar koli umakne; vaš račun in oglasi ostanejo dostopni na spletni strani.",
        ),
      ],
    },
    {
      id: "odgovornost",
      heading: "Odgovornost",
      blocks: [
        p(
          "Aplikacija se zagotavlja takšna, kot je. Ponudnik ne odgovarja za škodo zaradi nepravilne uporabe, nezdružljive naprave ali prekinitev mobilnega omrežja. Omejitve odgovornosti iz Splošnih pogojev uporabe veljajo tudi za aplikacijo; pravice potrošnikov po zakonu ostanejo nespremenjene.",
        ),
      ],
    },
    {
      id: "kontakt",
      heading: "Kontakt in spori",
      blocks: [
        p(
          `Vprašanja in pritožbe: ${mailto(company.helpEmail)}. Uporablja se pravo Republike Slovenije; za spore je pristojno stvarno pristojno sodišče v Ljubljani, za potrošnike pa tudi sodišče po njihovem prebivališču, kadar tako določa zakon.`,
        ),
      ],
    },
  ],
};
