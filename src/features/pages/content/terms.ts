import { appConfig } from "~/app.config";
import { plural } from "~/domain/plural";
import { company, mailto, note, p, ul } from "./company";
import type { LegalDocument } from "./types";

const {
  activePostingsPrivateUser,
  postingLifetimeDays,
  featuringMaxDays,
  filesPerPosting,
  fileSizeBytes,
  recommendedExteriorPhotos,
} = appConfig.limits;
const fileSizeMb = Math.round(fileSizeBytes / 1024 / 1024);

/** /splosni-pogoji: the terms of service of the marketplace. */
export const termsOfService: LegalDocument = {
  title: "Splošni pogoji uporabe",
  lead: "Pravila, ki veljajo za iskanje in ogled oglasov, uporabniški račun, oddajo oglasov, plačljivo izpostavitev in storitve za trgovce na Avtotrgu.",
  updated: "2025-07-22",
  sections: [
    {
      id: "uvod",
      heading: "Uvodne določbe",
      blocks: [
        p(
          `Ti splošni pogoji urejajo uporabo spletne tržnice novih in rabljenih vozil Avtotrg na naslovu ${company.site} in mobilne aplikacije Avtotrg Manager (v nadaljevanju: storitev). Ponudnik storitve je ${company.name}, ${company.address} (v nadaljevanju: ponudnik).`,
        ),
        p(
          "Iskanje in ogled oglasov sta mogoča brez registracije. Z registracijo, oddajo oglasa ali nakupom izpostavitve potrdite, da ste pogoje prebrali, jih razumete in se z njimi strinjate.",
        ),
        p(
          "Sestavni del teh pogojev sta [Politika zasebnosti](/politika-zasebnosti) in [Piškotki](/piskotki). Za posamezne akcije in nagradne igre veljajo še njihova pravila, na primer [pogoji akcije dobropis 10 EUR](/splosnipogojiuporabe) in [pravila sodelovanja v nagradni igri](/pravilasodelovanja).",
        ),
      ],
    },
    {
      id: "pojmi",
      heading: "Pojmi",
      blocks: [
        ul(
          "Uporabnik: vsaka oseba, ki uporablja storitev.",
          "Zasebni uporabnik: fizična oseba, ki oglašuje svoje vozilo zunaj poklicne ali pridobitne dejavnosti.",
          "Trgovec (poslovni uporabnik): pravna oseba ali samostojni podjetnik, ki ima na Avtotrgu poslovno enoto.",
          "Svetovalec: oseba, ki jo trgovec doda k svoji poslovni enoti in lahko v njenem imenu upravlja oglase.",
          "Oglas: predstavitev enega konkretnega vozila s podatki, fotografijami, ceno in kontakti; osnutek je oglas, ki še ni objavljen.",
          "Izpostavitev: plačljiva storitev, ki oglasu za izbrano število dni zagotovi opaznejši videz in prednostni prikaz.",
          "Partnerska aplikacija: program tretje osebe (npr. sistem za upravljanje zaloge vozil), ki mu trgovec dovoli upravljanje svojih oglasov.",
        ),
      ],
    },
    {
      id: "racun",
      heading: "Uporabniški račun",
      blocks: [
        ul(
          "Račun odprete s prijavo prek povezave, ki jo pošljemo na vaš e-poštni naslov, ali z računom Google, Facebook, Apple ali X. Uporabniki, ki so se registrirali pred 22. 7. 2025 s telefonsko številko, se lahko še prijavijo s SMS-kodo in svoj račun prenesejo na e-poštni naslov ali na prijavo z družbenim omrežjem.",
          "Ob prvi prijavi vpišete ime in priimek (vsak vsaj 2 znaka) in sprejmete te pogoje.",
          "Za oddajo oglasa potrebujete potrjeno številko mobilnega telefona.",
          "Storitev lahko uporabljajo osebe, stare najmanj 18 let.",
          `Račun je oseben. Za dejanja, opravljena z vašim računom, odgovarjate sami; o sumu zlorabe nas nemudoma obvestite na ${mailto(company.helpEmail)}.`,
          "Podatke v profilu vzdržujte točne in posodobljene.",
        ),
      ],
    },
    {
      id: "oglasi",
      heading: "Oddaja oglasov",
      blocks: [
        ul(
          "Oglas začnete s številko šasije (VIN) ali z izbiro znamke in modela, nato izberete izvedenko, vnesete podatke o vozilu in opremi, dodate fotografije ter po želji garancijo in izpostavitev.",
          "Številka šasije ima 17 znakov in ne vsebuje črk O, I in Q. Posamezen uporabnik lahko z isto številko šasije objavi le en oglas.",
          `Zasebni uporabnik ima lahko hkrati največ ${plural(activePostingsPrivateUser, { one: "{n} aktiven oglas", two: "{n} aktivna oglasa", few: "{n} aktivne oglase", other: "{n} aktivnih oglasov" })}. Za več oglasov se [registrirajte kot trgovec](/trgovec/registracija).`,
          `Objava oglasa je brezplačna. Oglas je objavljen ${postingLifetimeDays} dni, nato poteče; znova ga lahko aktivirate v Mojih oglasih.`,
          "Oglas opisuje eno konkretno vozilo, ki je naprodaj ali v najem v Sloveniji, in ga objavi njegov lastnik ali oseba, ki je pooblaščena za prodajo.",
          `Fotografije morajo prikazovati oglaševano vozilo. Priporočamo vsaj ${plural(recommendedExteriorPhotos, { one: "{n} zunanjo fotografijo", two: "{n} zunanji fotografiji", few: "{n} zunanje fotografije", other: "{n} zunanjih fotografij" })}. Na oglas lahko naložite največ ${plural(filesPerPosting, { one: "{n} datoteko", two: "{n} datoteki", few: "{n} datoteke", other: "{n} datotek" })}, posamezna je lahko velika največ ${fileSizeMb} MB.`,
          "Številko šasije lahko skrijete. Oglas s skrito številko šasije ne more dobiti značke Obetavno, ni prikazan v partnerskih oglasnih mrežah, ni promoviran in je skrit, ko kupec vklopi filter, ki skrije oglase brez številke šasije.",
          "Ko vozilo prodate, oglas označite kot prodan ali ga odstranite.",
        ),
        p(
          "Ponudnik lahko oglas pred objavo ali po njej pregleda. Uredniki lahko oglasu dodelijo značke, na primer Preverjeno (pregled v več kot 100 točkah, poročilo velja 30 dni) ali Dober nakup; značka Obetavno se dodeli samodejno, ko so znani zgodovina prevoženih kilometrov in lastnikov ter tehnični pregledi in vozilo ni v evidencah ukradenih ali zastavljenih vozil.",
        ),
      ],
    },
    {
      id: "vsebina",
      heading: "Odgovornost za vsebino oglasov",
      blocks: [
        p("Za resničnost, popolnost in zakonitost podatkov v oglasu odgovarja oglaševalec. Prepovedano je zlasti:"),
        ul(
          "navajati napačne podatke o prevoženih kilometrih, letniku, poškodbah, servisni zgodovini ali lastništvu;",
          "oglaševati vozila, ki niso v vaši lasti ali jih niste pooblaščeni prodati, ter ukradena vozila;",
          "zamolčati, da je vozilo zastavljeno ali v leasingu (prevzem leasinga mora biti jasno označen);",
          "objavljati fotografije ali besedila, za katera nimate pravic, ali fotografije drugega vozila;",
          "navajati zavajajoče cene, na primer le polog ali obrok namesto cene vozila;",
          "objavljati podvojene oglase za isto vozilo ali oglase, ki ne oglašujejo vozila;",
          "objavljati žaljive, diskriminatorne ali nezakonite vsebine ter povezave do drugih prodajnih storitev;",
          "samodejno zajemati vsebine storitve (npr. s pajki) brez pisnega dovoljenja ponudnika.",
        ),
        p(
          "Ponudnik sme oglas, ki krši te pogoje, brez predhodnega obvestila skriti ali odstraniti, ob hujših ali ponavljajočih se kršitvah pa zapreti račun. Če oglas odstranimo zaradi kršitve, plačila za izpostavitev ne vračamo.",
        ),
        p(
          `Oglas, ki po vašem mnenju krši pogoje ali predpise, nam sporočite na ${mailto(company.helpEmail)}; prijavo obravnavamo prednostno.`,
        ),
      ],
    },
    {
      id: "izpostavitev",
      heading: "Plačljive storitve: izpostavitev oglasa",
      blocks: [
        ul(
          "Izpostavitev prinese opaznejši videz oglasa in prednostni prikaz v iskanju in na naslovni strani. Na voljo so paketi Standard, Izpostavljeno in Izpostavljeno (člani AMZS); slednji zahteva veljavno številko članstva AMZS v profilu.",
          `Izpostavitev traja od 1 do največ ${featuringMaxDays} dni. Cena na dan in skupna cena sta prikazani pred nakupom, v evrih z vključenim DDV.`,
          "Plačate s plačilno kartico prek ponudnika plačil. Izpostavitev začne veljati, ko ponudnik plačil potrdi plačilo; račun prejmete po e-pošti. Trgovci lahko izpostavitev poravnajo z dnevi oglaševalskega dobroimetja.",
          "Izpostavitev lahko kadar koli prekličete; oglas ostane izpostavljen do konca tekočega dne. Za neporabljene dni ob preklicu ni vračila, razen pri odstopu od pogodbe iz naslednje točke.",
          `Potrošnik lahko od pogodbe odstopi v 14 dneh od nakupa brez navedbe razloga s sporočilom na ${mailto(company.helpEmail)}. Ker se izpostavitev začne izvajati takoj, ob nakupu izrecno zahtevate začetek izvajanja pred iztekom roka za odstop; ob odstopu vam vrnemo sorazmerni del plačila za neporabljene dni v 14 dneh od prejema sporočila.`,
        ),
        note(
          "Neuspešno plačilo ne ustvari obveznosti: izpostavitev se ne začne, z vaše kartice pa ni bremenjen noben znesek.",
        ),
      ],
    },
    {
      id: "trgovci",
      heading: "Trgovci",
      blocks: [
        ul(
          "Trgovec se registrira z obrazcem [Registracija trgovca](/trgovec/registracija), ki mu priloži izpisek iz poslovnega registra. Ponudnik zahtevo preveri in dostopne podatke pošlje na e-poštni naslov odgovorne osebe.",
          "Trgovec ureja javno stran poslovne enote, zalogo vozil, svetovalce in kontakte ter lahko oglas preda drugemu svetovalcu. Za dejanja svetovalcev, ki jih doda, odgovarja trgovec.",
          "Za trgovce ne velja omejitev števila aktivnih oglasov. Obseg storitev, cene in dnevi oglaševalskega dobroimetja so določeni v ponudbi oziroma pogodbi s trgovcem.",
          "Trgovec v oglasih spoštuje predpise o varstvu potrošnikov, zlasti navaja končno ceno z DDV in jamči za napake vozila v skladu z zakonom.",
        ),
      ],
    },
    {
      id: "partnerske-aplikacije",
      heading: "Partnerske aplikacije",
      blocks: [
        p(
          "Trgovec lahko partnerski aplikaciji dovoli, da upravlja oglase njegove poslovne enote. Pred potrditvijo vidi, katera dejanja bo aplikacija lahko izvajala; dovoljenje lahko kadar koli prekliče na strani poslovne enote. Za delovanje partnerske aplikacije in za podatke, ki jih obdeluje, odgovarja njen ponudnik. Več na strani [Partnerji](/partnerji).",
        ),
      ],
    },
    {
      id: "vloga-ponudnika",
      heading: "Vloga ponudnika in omejitev odgovornosti",
      blocks: [
        p(
          "Avtotrg je posrednik. Ni stranka pogodbe med prodajalcem in kupcem in ne jamči za stanje vozila, resničnost oglasov ali izpolnitev pogodb med uporabniki.",
        ),
        p(
          "Podatki iz evidenc (tehnični pregledi, prevoženi kilometri, preverjanje ukradenih in zastavljenih vozil) so informativni in prikazujejo stanje na dan zadnjega preverjanja. Kalkulator stroškov vozila in izračun obrokov financiranja sta informativna; zavezujoča je le ponudba, ki jo izda banka.",
        ),
        p(
          "Pred nakupom si vozilo oglejte v živo, preverite dokumente in plačajte šele ob prevzemu. Nikoli ne plačujte vnaprej neznanim osebam in podatkov plačilne kartice ne pošiljajte v sporočilih.",
        ),
        p(
          "Ponudnik si prizadeva za nemoteno delovanje storitve, ne odgovarja pa za prekinitve zaradi vzdrževanja, višje sile ali napak tretjih ponudnikov. Razen pri naklepu ali hudi malomarnosti ter pri odgovornosti, ki je po zakonu ni mogoče omejiti, je odgovornost ponudnika omejena na znesek, ki ga je uporabnik ponudniku plačal v zadnjih 12 mesecih.",
        ),
      ],
    },
    {
      id: "intelektualna-lastnina",
      heading: "Intelektualna lastnina",
      blocks: [
        p(
          "Z objavo besedil in fotografij ponudniku podelite neizključno, brezplačno in prenosljivo pravico, da jih za čas objave oglasa in 30 dni po njej reproducira, prilagaja (npr. pomanjša ali obreže), prikazuje na storitvi, v tiskanem listu oglasa s QR-kodo, v partnerskih oglasnih mrežah in pri promociji oglasa. Jamčite, da imate pravice do vsebin, ki jih objavite.",
        ),
        p(
          "Znamka Avtotrg, oblikovanje, zbirke podatkov in programska oprema so last ponudnika ali njegovih dajalcev licenc.",
        ),
      ],
    },
    {
      id: "zasebnost",
      heading: "Varstvo osebnih podatkov",
      blocks: [
        p(
          "Osebne podatke obdelujemo v skladu s [Politiko zasebnosti](/politika-zasebnosti). Osebne podatke, povezane z oglasom, hranimo 5 let po poteku oglasa oziroma po poravnavi obveznosti; brez njih oglasa ni mogoče oddati.",
        ),
      ],
    },
    {
      id: "prenehanje",
      heading: "Prenehanje uporabe",
      blocks: [
        p(
          `Račun lahko kadar koli zaprete; postopek je opisan na strani [Izbris računa](/da-manager/delete-account). Ob zaprtju računa se aktivni oglasi odstranijo, plačane izpostavitve pa prenehajo brez vračila, razen pri pravočasnem odstopu potrošnika. Ponudnik lahko račun zapre ob hujših ali ponavljajočih se kršitvah teh pogojev, o čemer uporabnika obvesti po e-pošti.`,
        ),
      ],
    },
    {
      id: "spremembe",
      heading: "Spremembe pogojev",
      blocks: [
        p(
          "Ponudnik lahko pogoje spremeni zaradi sprememb storitve, predpisov ali poslovnega modela. O spremembah obvesti z obvestilom na spletni strani najmanj 15 dni pred začetkom njihove veljavnosti, registrirane uporabnike pa tudi po e-pošti. Če se s spremembami ne strinjate, lahko račun pred začetkom njihove veljavnosti zaprete.",
        ),
        p(
          "22. 7. 2025 je storitev prešla k novemu ponudniku platforme. Uporabniški računi, oglasi in priljubljeni oglasi so bili preneseni; uporabniki, ki so se prijavljali s telefonsko številko, lahko račun prenesejo na e-poštni naslov ali na prijavo z družbenim omrežjem.",
        ),
      ],
    },
    {
      id: "pritozbe-in-spori",
      heading: "Pritožbe in reševanje sporov",
      blocks: [
        p(
          `Pritožbe sprejemamo na ${mailto(company.helpEmail)} ali po pošti na naslovu ponudnika. Prejem pritožbe potrdimo v 5 delovnih dneh in vas obvestimo, kako dolgo jo bomo obravnavali; odgovor prejmete najpozneje v 8 delovnih dneh.`,
        ),
        p(
          "Spore skušamo rešiti sporazumno. Ponudnik ne priznava nobenega izvajalca izvensodnega reševanja potrošniških sporov kot pristojnega za reševanje sporov, ki bi jih potrošnik sprožil. Za spore je pristojno stvarno pristojno sodišče v Ljubljani, za potrošnike pa tudi sodišče, ki je pristojno po njihovem prebivališču, kadar tako določa zakon. Uporablja se pravo Republike Slovenije.",
        ),
      ],
    },
    {
      id: "koncne-dolocbe",
      heading: "Končne določbe",
      blocks: [
        p(
          "Ti pogoji veljajo od 22. 7. 2025 in nadomeščajo prejšnje splošne pogoje. Če bi se katera od določb izkazala za neveljavno, to ne vpliva na veljavnost ostalih določb.",
        ),
      ],
    },
  ],
};
