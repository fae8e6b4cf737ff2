import { appConfig } from "~/app.config";
import { company, mailto, note, p, ul } from "./company";
import type { LegalDocument } from "./types";

const sessionDays = appConfig.session.lifetimeDays;

/** /politika-zasebnosti: the privacy notice (GDPR arts. 13 and 14) of the marketplace and the manager app. */
export const privacyPolicy: LegalDocument = {
  title: "Politika zasebnosti",
  lead: "Kako pri Avtotrgu obdelujemo vaše osebne podatke, zakaj jih potrebujemo, komu jih posredujemo, koliko časa jih hranimo in katere pravice imate.",
  updated: "2025-07-22",
  sections: [
    {
      id: "upravljavec",
      heading: "Upravljavec osebnih podatkov",
      blocks: [
        p(
          `Upravljavec osebnih podatkov, ki jih obdelujemo pri uporabi spletne tržnice vozil ${company.site} in mobilne aplikacije Avtotrg Manager, je družba ${company.name}, ${company.address} (v nadaljevanju: »Avtotrg« ali »mi«).`,
        ),
        ul(
          `Vprašanja o zasebnosti in uveljavljanje pravic: ${mailto(company.privacyEmail)}`,
          `Pooblaščena oseba za varstvo osebnih podatkov: ${mailto(company.dpoEmail)}`,
          `Splošna pomoč uporabnikom: ${mailto(company.helpEmail)}`,
          `Pisno: ${company.name}, ${company.address}, s pripisom »Varstvo osebnih podatkov«`,
        ),
        p(
          "Ta politika pojasnjuje obdelavo osebnih podatkov v skladu s Splošno uredbo (EU) 2016/679 o varstvu podatkov (GDPR), Zakonom o varstvu osebnih podatkov (ZVOP-2) in Zakonom o elektronskih komunikacijah (ZEKom-2).",
        ),
      ],
    },
    {
      id: "podatki",
      heading: "Katere podatke obdelujemo",
      blocks: [
        ul(
          "Podatki uporabniškega računa: e-poštni naslov, ime in priimek, številka mobilnega telefona (ko jo potrdite), številka članstva AMZS (neobvezno), datum registracije in soglasje s splošnimi pogoji.",
          "Podatki o prijavi: način prijave (povezava po e-pošti; Google, Facebook, Apple ali X; pri računih, odprtih pred 22. 7. 2025, tudi telefonska številka s SMS-kodo), identifikator računa pri ponudniku prijave in čas prijave. Gesel ne uporabljamo in jih ne hranimo.",
          "Podatki v oglasih: številka šasije (VIN), podatki o vozilu in opremi, fotografije in dokumenti (npr. servisni računi, zapisniki tehničnih pregledov), cena, lokacija vozila in kontaktni podatki, ki jih želite pokazati kupcem.",
          "Podatki poslovnih uporabnikov: ime podjetja, davčna in matična številka, odgovorna oseba, kontaktni podatki, izpisek iz poslovnega registra ter imena in telefonske številke svetovalcev in kontaktnih oseb, ki jih vnese trgovec.",
          "Podatki o plačilih: izbrani paket izpostavitve, število dni, znesek, datum in izid plačila. Podatkov plačilne kartice ne vidimo in jih ne hranimo, ker jih vnesete neposredno pri ponudniku plačil.",
          "Podatki o uporabi storitve: priljubljeni oglasi, shranjena iskanja in nastavitve obvestil, statistika ogledov vaših oglasov, sodelovanje v akcijah in kliki na ponudbo financiranja.",
          "Tehnični podatki: IP-naslov, vrsta brskalnika in naprave, čas zahtevka, varnostni dnevniki in nujni piškotki (glejte [Piškotki](/piskotki)).",
          "Analitični in trženjski podatki: le če jih dovolite v nastavitvah piškotkov.",
        ),
        p(
          "Podatke praviloma pridobimo neposredno od vas. Podatke o vozilu dopolnimo iz baz podatkov o vozilih po številki šasije, podatke o tehničnih pregledih, prevoženih kilometrih ter o ukradenih in zastavljenih vozilih pa iz javnih in partnerskih evidenc. Pri prijavi z družbenim omrežjem od ponudnika prejmemo e-poštni naslov in ime.",
        ),
      ],
    },
    {
      id: "nameni",
      heading: "Nameni in pravne podlage",
      blocks: [
        {
          type: "table",
          caption: "Nameni obdelave in pravne podlage",
          head: ["Namen", "Pravna podlaga"],
          rows: [
            [
              "Odprtje in vodenje uporabniškega računa, prijava",
              "izvajanje pogodbe (točka (b) prvega odstavka 6. člena GDPR)",
            ],
            [
              "Oddaja, urejanje, objava in prikaz oglasov s kontaktnimi podatki prodajalca",
              "izvajanje pogodbe; za pravne osebe ter njihove zastopnike, svetovalce in kontaktne osebe zakoniti interes (točka (f))",
            ],
            [
              "Registracija trgovca in preverjanje podatkov iz poslovnega registra",
              "ukrepi pred sklenitvijo pogodbe in izvajanje pogodbe; zakoniti interes",
            ],
            [
              "Plačljiva izpostavitev oglasov, izdaja računov in knjigovodstvo",
              "izvajanje pogodbe; zakonska obveznost (točka (c)) po davčnih predpisih",
            ],
            [
              "Obvestila o novih oglasih za shranjena iskanja",
              "izvajanje pogodbe (storitev, ki jo vklopite sami; odjava je v vsakem sporočilu)",
            ],
            [
              "Preverjanje vozila v evidencah ukradenih in zastavljenih vozil, značke oglasov",
              "zakoniti interes za varen in pošten trg vozil",
            ],
            [
              "Varnost, preprečevanje zlorab in goljufij, omejevanje števila zahtev, varnostni dnevniki",
              "zakoniti interes",
            ],
            [
              "Dostop partnerske aplikacije do oglasov vaše poslovne enote",
              "izvajanje pogodbe na podlagi dovoljenja, ki ga date in kadar koli prekličete",
            ],
            [
              "Akcije in nagradne igre (npr. dobropis 10 EUR)",
              "izvajanje pogodbe po pravilih akcije; zakonska obveznost pri obdavčenih nagradah",
            ],
            ["Merjenje obiska in izboljšave strani", "privolitev (točka (a); ZEKom-2)"],
            ["Prikaz oglasov partnerjev in merjenje njihove uspešnosti", "privolitev (točka (a); ZEKom-2)"],
            ["Uveljavljanje, izvajanje in obramba pravnih zahtevkov", "zakoniti interes"],
          ],
        },
        p(
          "Kadar obdelava temelji na zakonitem interesu, smo pretehtali, da vaši interesi ter temeljne pravice in svoboščine ne prevladajo nad njim. Taki obdelavi lahko kadar koli ugovarjate (glejte [Vaše pravice](#pravice)).",
        ),
      ],
    },
    {
      id: "obveznost",
      heading: "Ali morate posredovati podatke",
      blocks: [
        note(
          "Posredovanje osebnih podatkov ni zakonska obveznost, je pa pogoj za sklenitev pogodbe: brez e-poštnega naslova, imena in priimka, potrjene številke mobilnega telefona in podatkov o vozilu oglasa ni mogoče oddati.",
        ),
        p(
          "Neobvezni podatki, na primer številka članstva AMZS ali dodatni kontakti v oglasu, so v obrazcih označeni. Če jih ne vpišete, nekaterih ugodnosti (npr. paketa izpostavitve za člane AMZS) ne morete uporabiti.",
        ),
      ],
    },
    {
      id: "uporabniki",
      heading: "Komu posredujemo podatke",
      blocks: [
        p(
          "Do podatkov dostopajo le zaposleni, ki jih potrebujejo za svoje delo, in skrbno izbrani obdelovalci, s katerimi imamo sklenjene pogodbe o obdelavi osebnih podatkov po 28. členu GDPR:",
        ),
        ul(
          "Cloudflare, Inc. (ZDA) s povezanimi družbami: gostovanje spletne strani in aplikacije, podatkovna baza, hramba fotografij in dokumentov, zaščita pred napadi in dostavljanje vsebin.",
          "Ponudnik pošiljanja SMS-sporočil: potrditvene kode in obvestila na vašo telefonsko številko.",
          "Ponudnik pošiljanja e-pošte: povezave za prijavo, obvestila o shranjenih iskanjih, potrdila o plačilih in sistemska obvestila.",
          "Ponudnik plačil s kartico (Stripe Payments Europe, Ltd., Irska): izvedba plačil izpostavitve; za preprečevanje prevar in izpolnjevanje finančnih predpisov je samostojni upravljavec.",
          "Ponudniki analitike in oglaševanja (npr. Google Ireland Limited): le z vašo privolitvijo.",
          "Ponudniki prijave (Google, Meta, Apple, X): le če izberete tak način prijave.",
        ),
        p(
          "Objavljeni oglasi so javni: podatki o vozilu, fotografije, cena, lokacija in kontaktni podatki, ki jih izberete, so vidni vsem obiskovalcem in jih lahko prikažemo tudi v partnerskih oglasnih mrežah. Številko šasije lahko skrijete; oglas s skrito številko šasije ne dobi značke Obetavno, ni prikazan v partnerskih oglasnih mrežah in ni promoviran.",
        ),
        p(
          "Partnerski aplikaciji posredujemo podatke le, če ji to kot poslovni uporabnik izrecno dovolite. Banki partnerici posredujemo podatke šele, ko sami oddate povpraševanje za financiranje; ob kliku na ponudbo beležimo le, da je do klika prišlo. Državnim organom (sodiščem, policiji, inšpekcijam) posredujemo podatke le, kadar to določa zakon.",
        ),
        p("Osebnih podatkov ne prodajamo."),
      ],
    },
    {
      id: "tretje-drzave",
      heading: "Prenos v tretje države",
      blocks: [
        p(
          "Nekateri obdelovalci (Cloudflare, Google, Stripe) so del skupin s sedežem v ZDA, zato lahko do podatkov dostopajo tudi iz ZDA. Prenos temelji na sklepu Evropske komisije o ustreznosti okvira EU-ZDA za zasebnost podatkov (Data Privacy Framework) za certificirane družbe in na standardnih pogodbenih določilih Evropske komisije z dodatnimi tehničnimi ukrepi, kot je šifriranje podatkov pri prenosu.",
        ),
        p(`Kopijo ustreznih zaščitnih ukrepov lahko zahtevate na ${mailto(company.privacyEmail)}.`),
      ],
    },
    {
      id: "hramba",
      heading: "Koliko časa hranimo podatke",
      blocks: [
        note(
          "Osebne podatke, povezane z oglasom, hranimo 5 let po poteku oglasa oziroma po poravnavi vseh obveznosti iz pogodbe; nato jih izbrišemo ali trajno anonimiziramo.",
        ),
        ul(
          "Uporabniški račun: dokler ga uporabljate. Po zaprtju računa podatke, ki so povezani z oglasi in plačili, hranimo še do izteka roka iz prejšnjega odstavka, ostale izbrišemo v 30 dneh.",
          "Računi in knjigovodske listine o plačilih: 10 let po koncu leta, na katero se nanašajo, kot zahtevajo davčni predpisi.",
          `Povezave za prijavo veljajo 15 minut, SMS-kode do uporabe ali poteka; seja prijave poteče po ${sessionDays} dneh.`,
          "Varnostni dnevniki: do 12 mesecev, razen kadar jih potrebujemo za obravnavo konkretnega incidenta.",
          "Zahteve za registracijo trgovca, ki niso bile potrjene: 1 leto od oddaje.",
          "Shranjena iskanja: dokler jih ne izbrišete ali se od obvestil ne odjavite.",
          "Privolitev za piškotke: 6 mesecev, nato vas vprašamo znova.",
          "Podatki, obdelani na podlagi privolitve: do preklica privolitve.",
        ),
      ],
    },
    {
      id: "pravice",
      heading: "Vaše pravice",
      blocks: [
        ul(
          "Dostop: izveste lahko, ali obdelujemo vaše podatke, in prejmete njihovo kopijo (15. člen GDPR).",
          "Popravek: netočne podatke popravimo, nepopolne dopolnimo (16. člen).",
          "Izbris: podatke izbrišemo, kadar jih ne potrebujemo več ali jih ne smemo več obdelovati (17. člen), razen kadar nam zakon nalaga hrambo.",
          "Omejitev obdelave: na primer za čas preverjanja točnosti podatkov (18. člen).",
          "Prenosljivost: podatke, ki ste nam jih dali, prejmete v strukturirani, strojno berljivi obliki (20. člen).",
          "Ugovor: obdelavi na podlagi zakonitega interesa lahko ugovarjate (21. člen).",
          "Preklic privolitve: privolitev lahko kadar koli prekličete, na primer v [nastavitvah piškotkov](/piskotki#nastavitve); preklic ne vpliva na zakonitost obdelave pred njim.",
        ),
        p(
          `Zahtevo pošljite na ${mailto(company.privacyEmail)} ali po pošti. Odgovorimo najpozneje v enem mesecu; v zapletenih primerih lahko rok podaljšamo za največ dva meseca, o čemer vas obvestimo. Da podatkov ne bi razkrili napačni osebi, vas lahko prosimo za potrditev istovetnosti, običajno tako, da nam pišete z e-poštnega naslova svojega računa. Uveljavljanje pravic je brezplačno.`,
        ),
        p(
          "Ime, priimek in številko članstva lahko kadar koli uredite sami v [profilu](/uporabnik/profil), oglase pa v [Mojih oglasih](/uporabnik/moji-oglasi). Kako zaprete račun, je opisano na strani [Izbris računa](/da-manager/delete-account).",
        ),
      ],
    },
    {
      id: "avtomatizirano",
      heading: "Avtomatizirano odločanje",
      blocks: [
        p(
          "Ne sprejemamo odločitev, ki bi za vas imele pravne ali podobno pomembne učinke, zgolj na podlagi avtomatizirane obdelave, in ne oblikujemo profilov z vašimi podatki brez vaše privolitve.",
        ),
        p(
          "Značke oglasov (npr. Obetavno) se dodelijo samodejno na podlagi podatkov o vozilu, kot so zgodovina prevoženih kilometrov, lastnikov in tehničnih pregledov ter preverjanje v evidencah ukradenih in zastavljenih vozil; opisujejo vozilo, ne vas. Iskanje z umetno inteligenco obdela le besedilo, ki ga vpišete v iskalnik, zato vanj ne vpisujte osebnih podatkov.",
        ),
      ],
    },
    {
      id: "varnost",
      heading: "Varnost podatkov",
      blocks: [
        p(
          "Podatke varujemo s šifriranjem pri prenosu (HTTPS), povezavami za prijavo za enkratno uporabo, omejevanjem števila poskusov prijave, nadzorom dostopa po načelu najmanjših pravic in beleženjem dostopov skrbnikov. Kadar skrbnik za pomoč uporabniku dostopa do računa, je vsako dejanje zapisano v revizijsko sled.",
        ),
        p(
          "Če pride do kršitve varnosti, ki bi lahko ogrozila vaše pravice, o tem obvestimo Informacijskega pooblaščenca in, kadar je tveganje veliko, tudi vas.",
        ),
      ],
    },
    {
      id: "pritozba",
      heading: "Pritožba pri Informacijskem pooblaščencu",
      blocks: [
        p(
          "Če menite, da vaše osebne podatke obdelujemo v nasprotju s predpisi, lahko vložite pritožbo pri nadzornem organu: Informacijski pooblaščenec Republike Slovenije, Dunajska cesta 22, 1000 Ljubljana, e-pošta [gp.ip@ip-rs.si](mailto:gp.ip@ip-rs.si), spletna stran [www.ip-rs.si](https://www.ip-rs.si).",
        ),
        p("Veseli bomo, če se pred tem obrnete na nas, da zadevo poskusimo rešiti skupaj."),
      ],
    },
    {
      id: "spremembe",
      heading: "Spremembe politike zasebnosti",
      blocks: [
        p(
          "Politiko posodobimo, kadar se spremenijo naše storitve, obdelovalci ali predpisi. Veljavna različica je vedno objavljena na tej strani, datum zadnje spremembe pa je naveden na vrhu. O bistvenih spremembah registrirane uporabnike obvestimo tudi po e-pošti.",
        ),
        p("Ta različica velja od prehoda storitve na novo platformo 22. 7. 2025."),
      ],
    },
    {
      id: "kontakt",
      heading: "Kontakt",
      blocks: [
        ul(
          `${company.name}, ${company.address}`,
          `Zasebnost: ${mailto(company.privacyEmail)}`,
          `Pooblaščena oseba za varstvo osebnih podatkov: ${mailto(company.dpoEmail)}`,
        ),
      ],
    },
  ],
};
