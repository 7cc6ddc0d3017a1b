// The words that name a kind of product, by Google product taxonomy id, in the languages the
// engines write (it, en, de, fr, es, nl, pl, pt), folded (lower case, no accents; see
// phrase-matcher.ts for `*`). Hand-written: no library or data set classifies product text into
// Google's taxonomy offline (Google publishes the tree and its names, in some languages, but no
// synonyms, and its own classifier is a Merchant Center service). The taxonomy's English names
// are matched as well (taxonomy-names.ts); this list adds what those names miss: other languages,
// everyday words ("spaghetti", "Staubsauger", "collirio"), and the category names of the sources
// (Open Food Facts, Icecat, Italian pharmacy catalogues).
//
// An id of '' marks words that say nothing about the kind of product (Open Food Facts' broad
// groups such as "Plant-based foods and beverages"): they take their words, so the words inside
// them ("beverages") are not read on their own.
//
// Kept honest by bench/categories.ts, whose held-out half was written before this list.

export type ProductWords = ReadonlyArray<readonly [id: string, phrases: string]>;

const NOTHING: ProductWords = [
  [
    '',
    'plant based foods and beverages|plant based foods|cereals and potatoes|cereals and their products|fruits and vegetables based foods|beverages and beverages preparations|farming products|fermented foods|sweet snacks|salty snacks|snacks|groceries|breakfasts|dried products|dried products to be rehydrated|canned foods|canned plant based foods|frozen foods|meals|appetizers|body|legumes and their products|seeds|fats|vegetable fats|olive tree products|animal fats|sweeteners|cocoa and its products|desserts|dairy desserts|bee products|salted spreads|dispensa|alimentari|alimentazione|lebensmittel|epicerie|alimentacion|levensmiddelen|spozywcze|mercearia|tessile casa|offerte|novita|bestseller|angebote|promo|camera da letto|soggiorno|bagno|schlafzimmer|wohnzimmer|chambre|salon|dormitorio|viso|face|gesicht|visage|cara|gezicht|twarz|rosto',
  ],
];

const FOOD: ProductWords = [
  ['5800', 'crema pasticcera|pie fillings'],
  ['537', 'infanzia|mamma e bambino|baby|neonato|neonati|prima infanzia|bebe|bebes'],
  ['412', 'food|foods|alimento|alimenti|cibo|nahrungsmittel|aliment|aliments|comida|voedsel|zywnosc|alimentos|gastronomia'],
  ['413', 'beverages|beverage|drinks|bevande|bibite|getranke|boissons|bebidas|dranken|napoje'],
  ['422', 'food items'],
  // Pasta and grains
  [
    '434',
    'pasta|pastas|dry pastas|durum wheat pastas|whole wheat pastas|fresh pastas|spaghett*|penne|pennette|fusilli|rigatoni|tagliatell*|linguine|farfalle|lasagne|lasagna|orecchiette|tortellini|tortelloni|ravioli|gnocchi|maccheroni|paccheri|bucatini|vermicelli|mezze maniche|conchiglie|tortiglioni|trofie|pappardelle|fettuccine|capellini|ditalini|noodle|noodles|nudeln|teigwaren|spatzle|pates|pates alimentaires|coquillettes|fideos|macarrones|macarrao|massa alimenticia|massas|makaron|makaronu|ramen|udon|soba|pasta secca|pasta fresca|pasta di semola|pasta integrale|pasta di grano duro',
  ],
  ['4682', 'rice|rices|riso|risi|reis|riz|arroz|rijst|ryz|ryzu|basmati|carnaroli|arborio|jasmine rice|risotto rice'],
  [
    '4689',
    'breakfast cereals|cereali per la colazione|cereali|cereal|cereals|muesli|musli|granola|cornflakes|corn flakes|frosties|fiocchi di mais|fiocchi di cereali|cereales|ontbijtgranen|platki sniadaniowe',
  ],
  ['4690', 'rolled oats|oat flakes|porridge|oatmeal|fiocchi davena|haferflocken|havermout|platki owsiane|copos de avena|flocos de aveia|flocons davoine|avena'],
  ['7196', 'couscous|cuscus'],
  ['6259', 'quinoa'],
  ['4687', 'barley|orzo perlato|gerste|orge perle'],
  ['431', 'grains|cereal grains|legumi e cereali|getreide'],
  // Bakery
  ['1876', 'bakery|biscuits and cakes|prodotti da forno|panetteria|backwaren|boulangerie|viennoiseries|bolleria|bakkerij|pieczywo|padaria'],
  [
    '2229',
    'biscuits|biscuit|cookies|cookie|chocolate biscuits|shortbread|biscott*|frollini|savoiardi|wafer|wafers|kekse|keks|platzchen|butterkeks|gateaux secs|petits beurre|sables|galletas|galleta|koekjes|koekje|ciastka|ciasteczka|herbatniki|bolachas|bolacha|digestive biscuits',
  ],
  [
    '424',
    'bread|breads|sliced breads|sandwich bread|pane|pane in cassetta|pancarre|panini|brot|toastbrot|brotchen|pain de mie|baguette|pan de molde|pan integral|brood|chleb|bulki|pao de forma|pao|piadina|piadine|wraps',
  ],
  [
    '2194',
    'cakes|cake|torta|torte|tortina|merendine|plumcake|kuchen|gateau|gateaux|bizcocho|tarta|taart|ciasto|bolo|panettone|pandoro|colomba|croissant|croissants|cornetti|brioche|brioches|muffin|muffins',
  ],
  ['5750', 'pastries|pastry|sfogliatine|pasticcini|gebaeck|patisseries|pasteles|gebak'],
  ['5749', 'pies|tarts|crostata|crostate|tarte|tartes|pie'],
  ['5748', 'tortillas|tortilla|tortilla wraps'],
  // Sweets and snacks
  [
    '4748',
    'chocolate|chocolates|milk chocolates|dark chocolates|chocolate bars|candies|candy|confectioneries|confectionery|cioccolat*|praline|caramelle|gomme da masticare|chewing gum|schokolade|pralinen|bonbons|susswaren|chocolat|bonbon|confiserie|chocolatina|caramelos|golosinas|chocolade|snoep|czekolada|cukierki|chocolate de leite|rebucados|gummies|gummy bears|licorice|liquirizia|lakritz|marshmallow|torrone|nougat|turron|dragees',
  ],
  ['423', 'snack foods|snack|salatini|knabbereien|aperitivo|aperitif snacks|zoutjes|przekaski'],
  [
    '2392',
    'chips|crisps|potato crisps|potato chips|patatine|patatine fritte in busta|kartoffelchips|chips de pommes de terre|patatas fritas|aardappelchips|chipsy|batatas fritas de pacote|tortilla chips|nachos',
  ],
  [
    '1445',
    'crackers|cracker|cracker salati|grissini|taralli|crostini|fette biscottate|knackebrot|crackers de riz|galletas saladas|beschuit|krakersy|tostas|rusks|zwieback|biscottes',
  ],
  ['5747', 'cereal bars|granola bars|barrette|barretta|barrette ai cereali|musliriegel|mueslirepen|barres de cereales|barritas de cereales|batonik*|barras de cereais'],
  ['1534', 'popcorn|pop corn|palomitas|pipoca*'],
  ['3446', 'pretzels|pretzel|brezel|bretzels'],
  ['2432', 'rice cakes|gallette di riso|reiswaffeln|galettes de riz|tortitas de arroz|rijstwafels|wafle ryzowe'],
  ['5745', 'trail mix|mixed nuts and fruits|frutta secca mista'],
  // Dairy and eggs
  ['428', 'dairies|dairy|dairy products|latticini|milchprodukte|produits laitiers|lacteos|zuivel|nabial|laticinios|fermented milk products'],
  [
    '429',
    'cheese|cheeses|italian cheeses|hard cheeses|soft cheeses|formaggio|formaggi|formaggi freschi|formaggi stagionati|parmigiano|grana padano|pecorino|mozzarella|gorgonzola|provolone|stracchino|taleggio|asiago|fontina|scamorza|burrata|ricotta|mascarpone|kase|kaese|emmentaler|gouda|fromage|fromages|camembert|brie|comte|roquefort|queso|quesos|kaas|sery|serek|queijo|queijos|feta|halloumi|cheddar|edam',
  ],
  ['1954', 'yogurt|yogurts|yoghurt|yoghurts|fruit yogurts|greek yogurts|yogurt greco|joghurt|jogurt|yaourt|yaourts|yogur|yogures|iogurte|iogurtes|skyr|kefir'],
  ['5827', 'butter|burro|beurre|mantequilla|boter|maslo|manteiga|margarine|margarina'],
  ['5786', 'cream|creams|panna|panna da cucina|panna fresca|sahne|schlagsahne|creme fraiche|nata|slagroom|smietana|natas|cooking cream'],
  ['1855', 'cottage cheese|fiocchi di latte|huttenkase'],
  ['4418', 'coffee creamer|coffee creamers|kaffeeweisser'],
  ['4627', 'eggs|egg|uova|uovo|eier|oeufs|huevos|eieren|jajka|jaja|ovos'],
  // Drinks
  [
    '418',
    'milk|milks|whole milks|semi skimmed milks|latte|latte intero|latte parzialmente scremato|latte uht|milch|vollmilch|lait|lait demi ecreme|leche|melk|mleko|leite|uht milk',
  ],
  [
    '5724',
    'plant based milk alternatives|dairy substitutes|non dairy milk|oat based drinks|soy milk|almond milk|oat milk|bevanda vegetale|bevanda di soia|bevanda davena|latte di soia|latte di mandorla|haferdrink|hafermilch|sojadrink|mandeldrink|boisson vegetale|lait davoine|bebida vegetal|bebida de avena|haverdrank|sojadrank|napoj owsiany|napoj roslinny|bebida de aveia|cereal based drinks',
  ],
  [
    '1868',
    'coffee|coffees|ground coffees|coffee beans|coffee capsules|instant coffees|caffe|caffe macinato|caffe in grani|capsule caffe|cialde caffe|kaffee|kaffeebohnen|kaffeekapseln|cafe|cafe moulu|cafe en grains|cafe molido|cafe en grano|koffie|koffiebonen|kawa|kawy|kawa mielona|cafe torrado|espresso coffee|decaffeinato',
  ],
  [
    '2073',
    'tea|teas|green teas|black teas|herbal teas|tea bags|infusions|te verde|te nero|tisana|tisane|infuso|camomilla|tee|kraeutertee|krautertee|the vert|the noir|infusion|te negro|manzanilla|thee|kruidenthee|herbata|cha|cha verde|rooibos',
  ],
  ['415', 'hot chocolate|cioccolata calda|trinkschokolade|chocolat chaud|cacao en polvo|kakao'],
  [
    '2887',
    'juice|juices|fruit juices|orange juices|succo|succhi|succo di frutta|spremuta|saft|safte|orangensaft|apfelsaft|jus|jus dorange|zumo|zumos|sap|sinaasappelsap|sok|soki|sumo|sumos|nectar|nettare|nektar',
  ],
  [
    '2628',
    'soda|sodas|sodas and soft drinks|soft drinks|carbonated drinks|cola|colas|bibita gassata|aranciata|gazzosa|limonata|limonade|limonades|erfrischungsgetranke|refresco|refrescos|frisdrank|napoj gazowany|refrigerante|tonic water|acqua tonica|ginger ale',
  ],
  ['5723', 'energy drinks|energy drink|sports drinks|bevanda energetica|energiegetrank|boisson energisante|bebida energetica|isotonic drinks|isotonische'],
  [
    '420',
    'water|waters|mineral waters|natural mineral waters|spring waters|acqua|acqua minerale|acqua naturale|mineralwasser|wasser|eau|eau minerale|eau de source|agua|agua mineral|bronwater|mineraalwater|woda|woda mineralna|agua mineral natural',
  ],
  ['543531', 'sparkling waters|carbonated waters|acqua frizzante|acqua gassata|sprudelwasser|eau gazeuse|agua con gas|bruisend water|woda gazowana'],
  ['543533', 'flat mineral water|still waters|acqua oligominerale|stilles wasser|eau plate'],
  ['499676', 'alcoholic beverages|alcolici|bevande alcoliche|alkoholische getranke|boissons alcoolisees|bebidas alcoholicas|alkohol'],
  ['414', 'beer|beers|lagers|ales|pale ales|stouts|birra|birre|bier|biere|bieres|cerveza|cervezas|piwo|cerveja|pilsner|pils|weissbier|ipa'],
  [
    '421',
    'wine|wines|red wines|white wines|rose wines|sparkling wines|vino|vini|vino rosso|vino bianco|spumante|prosecco|champagne|wein|weine|rotwein|weisswein|sekt|vin|vins|vin rouge|vin blanc|vino tinto|cava|wijn|wino|vinho|vinhos|chianti|barolo|lambrusco|rioja|bordeaux|franciacorta',
  ],
  ['417', 'spirits|liquors|liquor|distillati|superalcolici|spirituosen|spiritueux|licores|sterke drank|grappa|liqueur|liquori|amaro|likor|cognac|armagnac'],
  ['1926', 'whisky|whiskey|whiskies|bourbon|scotch'],
  ['2107', 'vodka|vodkas|wodka'],
  ['1671', 'gin|gins'],
  ['2605', 'rum|rhum|ron'],
  ['2933', 'liqueurs|limoncello|amaretto|liquore'],
  // Condiments, sauces, spreads
  ['427', 'sauces|sauce|condiments|salse|salsa|sughi|sugo|sossen|sauce tomate|salsas|sauzen|sosy|sos|molhos|molho'],
  [
    '5759',
    'pasta sauces|pasta sauce|tomato sauces|pesto|pestos|green pestos|ragu|sugo pronto|sugo al pomodoro|sugo al basilico|nudelsauce|tomatensauce|sauce pour pates|salsa para pasta|salsa de tomate|pastasaus|sos do makaronu|molho de tomate|arrabbiata|bolognese|carbonara sauce',
  ],
  ['1568', 'mayonnaise|mayonnaises|maionese|mayonesa|majonez|majonezu'],
  ['2018', 'ketchup|ketchups|tomato ketchup'],
  ['1387', 'mustard|mustards|senape|senf|moutarde|mostaza|mosterd|musztarda|mostarda'],
  ['4947', 'honey|honeys|miele|honig|miel|honing|miod|mel|acacia honey|miele di acacia|manuka honey'],
  [
    '2188',
    'jams|jam|jellies|fruit spreads|marmalade|marmalades|confettura|confetture|marmellata|marmellate|konfitur*|marmelade|confiture|confitures|mermelada|dzem|dzemy|compota|doce de fruta',
  ],
  [
    '5740',
    'spreads|sweet spreads|spreadable|creme spalmabili|crema spalmabile|crema alle nocciole|aufstrich|brotaufstrich|pate a tartiner|crema para untar|smeerpasta|krem do smarowania|creme de barrar|hazelnut spreads|cocoa and hazelnuts spreads|nuss nougat creme|crema di nocciole|crema di pistacchio|crema al cioccolato|crema alla nocciola',
  ],
  [
    '3965',
    'nut butters|peanut butters|peanut butter|burro di arachidi|crema di arachidi|erdnussbutter|beurre de cacahuete|crema de cacahuete|pindakaas|maslo orzechowe|manteiga de amendoim',
  ],
  ['5741', 'hummus|houmous|humus'],
  ['4614', 'hot sauce|hot sauces|tabasco|sriracha|salsa piccante'],
  ['4616', 'soy sauce|soy sauces|salsa di soia|sojasauce|sauce soja|salsa de soja|sojasaus|sos sojowy|molho de soja'],
  ['1969', 'salad dressings|salad dressing|condimento per insalata|salatdressing|vinaigrette|alino'],
  ['5760', 'olives|olive|olive verdi|olive nere|capperi|capers|oliven|kapern|olives vertes|aceitunas|alcaparras|olijven|oliwki|azeitonas'],
  ['500076', 'pickles|pickled vegetables|sottaceti|giardiniera|cetriolini|gewurzgurken|cornichons|pepinillos|augurken|ogorki konserwowe|picles'],
  ['4943', 'syrups|syrup|sciroppo|sirup|sirop|sirope|siroop|syrop|xarope|maple syrup|sciroppo dacero'],
  ['2140', 'vinegars|vinegar|aceto|aceto balsamico|aceto di vino|essig|balsamico|vinaigre|vinagre|azijn|ocet|balsamic vinegar'],
  [
    '6922',
    'tomato paste|tomato pastes|concentrato di pomodoro|doppio concentrato|tomatenmark|concentre de tomate|tomate concentrado|tomatenpuree|koncentrat pomidorowy|polpa di pomodoro|passata di pomodoro|passata|passate|tomato purees|pomodori pelati|tomates concassees',
  ],
  // Cooking and baking
  ['2660', 'cooking helpers|baking ingredients|ingredienti per dolci|backzutaten|aides culinaires|ingredientes para reposteria'],
  [
    '2126',
    'oils|vegetable oils|olive oils|extra virgin olive oils|extra virgin olive oil|olive oil|sunflower oils|sunflower oil|cooking oil|olio|olio extravergine|olio extra vergine|olio di oliva|olio doliva|olio di semi|olio di girasole|olivenol|sonnenblumenol|speiseol|huile|huile dolive|huile de tournesol|aceite|aceite de oliva|aceite de girasol|olijfolie|zonnebloemolie|oliwa|olej|azeite|oleo|peanut oil|rapeseed oil|colza|evo',
  ],
  [
    '2775',
    'flours|flour|wheat flours|farina|farine|farina 00|farina di grano tenero|mehl|weizenmehl|farine de ble|harina|harina de trigo|bloem|meel|maka|maki|farinha|semola|semolino',
  ],
  ['503734', 'sugars|sugar|zucchero|zucchero di canna|zucker|sucre|azucar|suiker|cukier|acucar|sweetener|dolcificante|sussstoff|edulcorant|edulcorante|stevia'],
  ['2905', 'yeast|yeasts|lievito|lievito di birra|hefe|levure|levadura|gist|drozdze|fermento'],
  ['2803', 'baking powder|lievito per dolci|backpulver|levure chimique|polvo de hornear|bakpoeder|proszek do pieczenia'],
  ['2572', 'baking mixes|cake mixes|preparato per torte|preparato per dolci|backmischung|preparation pour gateau|preparado para bizcocho'],
  ['5752', 'dough|doughs|pasta sfoglia|pasta frolla|pasta brisee|pasta per pizza|impasto|blatterteig|pate feuilletee|pate brisee|masa de hojaldre|bladerdeeg|ciasto francuskie'],
  ['5773', 'breadcrumbs|bread crumbs|pangrattato|paniermehl|chapelure|pan rallado'],
  ['500093', 'powdered milk|milk powder|latte in polvere|milchpulver|lait en poudre|leche en polvo|melkpoeder|mleko w proszku|leite em po|condensed milk|latte condensato'],
  ['5775', 'vanilla extract|aromi per dolci|vanillin|vanillezucker|sucre vanille|estratto di vaniglia'],
  ['5776', 'baking chocolate|cioccolato fondente per dolci|kuvertura|cacao amaro|cocoa powder|backkakao'],
  ['5771', 'starch|cornstarch|amido di mais|maizena|starke|speisestarke|fecula'],
  // Seasonings
  ['4608', 'seasonings|spices|condimenti|spezie|gewurze|gewurz|epices|especias|kruiden|przyprawy|especiarias|bouillon|dadi|dado|brodo granulare|stock cubes|bruhwurfel'],
  [
    '1529',
    'herbs|dried herbs|herbs and spices|erbe aromatiche|origano|basilico secco|rosmarino|paprika|curry|cannella|cinnamon|oregano|pepe|peperoncino|kurkuma|curcuma|zimt|cumin|comino',
  ],
  ['4611', 'salt|salts|sale|sale marino|sale fino|sale grosso|salz|meersalz|sel|sel de mer|sal|sal marina|zout|zeezout|sol morska|sal marinho'],
  ['6199', 'black pepper|pepe nero|pfeffer|poivre|pimienta|peper|pieprz|pimenta'],
  // Meat and fish
  ['432', 'meats|meat|fish|carne|carni|pesce|fleisch|fisch|viande|poisson|pescado|vlees|vis|mieso|ryba|carnes|peixe'],
  ['4628', 'meat products|poultry|pollame|geflugel|volaille|aves'],
  [
    '5804',
    'cold cuts|deli meats|hams|ham|prepared meats|sausages|salami|salame|salumi|affettati|prosciutto|prosciutto cotto|prosciutto crudo|speck|mortadella|bresaola|pancetta|coppa|wurstel|wurst|schinken|aufschnitt|jambon|saucisson|charcuterie|jamon|embutido|embutidos|chorizo|fuet|worst|szynka|kielbasa|wedliny|fiambre|presunto|fiambres|chourico',
  ],
  ['5805', 'fresh meat|carne fresca|hackfleisch|steak|bistecca|petto di pollo|chicken breast|viande fraiche|carne picada'],
  ['5811', 'canned meat|carne in scatola|simmenthal|corned beef|dosenfleisch'],
  [
    '4629',
    'seafood|fishes|frutti di mare|meeresfruchte|fruits de mer|mariscos|zeevruchten|owoce morza|marisco|salmon|salmone|lachs|saumon|zalm|losos|salmao|shrimps|gamberetti|garnelen',
  ],
  [
    '5813',
    'canned fishes|canned tunas|tunas|tuna|canned tuna|tunas in olive oil|sardines|canned sardines|anchovies|tonno|tonno in scatola|tonno allolio|sgombro|sardine|acciughe|alici|thunfisch|sardinen|thon|sardines en boite|atun|atun en aceite|sardinas|tonijn|tunczyk|atum|sardinhas|mackerel',
  ],
  ['5812', 'frozen fish|fish fingers|bastoncini di pesce|fischstabchen|batonnets de poisson|varitas de pescado|vissticks'],
  // Fruit, vegetables, nuts
  ['430', 'fruits and vegetables|frutta e verdura|obst und gemuse|fruits et legumes|frutas y verduras|groente en fruit|owoce i warzywa|frutas e legumes'],
  [
    '5798',
    'canned vegetables|vegetable preserves|verdure in scatola|ortaggi conservati|pomodori in scatola|gemusekonserven|conserves de legumes|conservas vegetales|groente in blik|mais dolce|sweet corn|funghi sottolio|carciofini',
  ],
  [
    '5797',
    'canned beans|legumes|pulses|beans|fagioli|ceci|lenticchie|piselli|legumi|bohnen|kichererbsen|linsen|haricots|pois chiches|lentilles|judias|alubias|garbanzos|lentejas|bonen|kikkererwten|linzen|fasola|ciecierzyca|soczewica|feijao|grao de bico|lentilhas|kidney beans|chickpeas|lentils',
  ],
  ['5796', 'dry beans|dried legumes|legumi secchi|getrocknete bohnen|legumes secs'],
  [
    '1755',
    'dried fruits|dried fruit|frutta essiccata|frutta disidratata|uvetta|prugne secche|datteri|trockenobst|rosinen|fruits secs|raisins secs|frutos secos|fruta deshidratada|pasas|gedroogd fruit|rozijnen|suszone owoce|rodzynki|frutas secas|passas|dates|raisins|dried apricots',
  ],
  [
    '433',
    'nuts|nuts and seeds|mixed nuts|almonds|hazelnuts|walnuts|peanuts|pistachios|cashews|sunflower seeds|chia seeds|mandorle|nocciole|noci|arachidi|pistacchi|anacardi|semi di|frutta secca|nusse|mandeln|haselnusse|walnusse|erdnusse|noix|amandes|noisettes|cacahuetes|nueces|almendras|avellanas|noten|amandelen|hazelnoten|pinda|orzechy|migdaly|nozes|amendoas|amendoim',
  ],
  ['5795', 'fresh fruits|frutta fresca|mele|banane|arance|frisches obst|fruits frais|fruta fresca|vers fruit'],
  [
    '5793',
    'fresh vegetables|frozen vegetables|verdure surgelate|verdura fresca|insalata|tiefkuhlgemuse|legumes surgeles|verduras congeladas|diepvriesgroenten|spinaci|spinat|epinards|espinacas|patate|kartoffeln|pommes de terre|patatas|aardappelen|ziemniaki|batatas',
  ],
  ['5794', 'fruit sauces|apple sauce|apple purees|composta di mele|apfelmus|compote de pommes'],
  // Prepared foods
  ['5814', 'prepared foods|ready meals|piatti pronti|fertiggerichte|plats prepares|platos preparados|kant en klaarmaaltijden|dania gotowe|pratos prontos'],
  ['499988', 'frozen pizzas|pizza|pizze|pizza surgelata|tiefkuhlpizza|lasagne pronte|frozen meals|plats cuisines|ready meal'],
  ['2423', 'soups|soup|broths|broth|zuppa|zuppe|minestra|minestrone|vellutata|brodo|suppe|suppen|bruhe|soupe|soupes|veloute|sopa|sopas|caldo|soep|zupa|zupy|rosol'],
  ['5788', 'frozen desserts|ice creams|ice cream|gelato|gelati|sorbetto|speiseeis|eiscreme|glace|glaces|sorbet|helado|helados|ijs|lody|gelado|gelados'],
  ['499991', 'ice cream tubs|vaschetta gelato|frozen yogurt'],
  ['5807', 'meat alternatives|meat analogues|vegetarian products|vegan products|seitan|tempeh|burger vegetale|fleischersatz|vegetarisch|vegan burger|substitut de viande'],
  ['5809', 'tofu'],
  // Baby and pet food
  [
    '5719',
    'baby foods|baby food|fruit purees for babies|omogeneizzato|omogeneizzati|pappa|pappe|babynahrung|babybrei|glaschen|petits pots|potitos|babyvoeding|sloiczki|papinha|papas infantis',
  ],
  [
    '563',
    'baby formula|infant formula|infant milk|follow on milk|growing up milk|latte per lattanti|latte di proseguimento|latte di crescita|latte artificiale|latte per neonati|sauglingsmilch|folgemilch|anfangsmilch|lait infantile|lait de suite|lait de croissance|leche infantil|leche de continuacion|opvolgmelk|zuigelingenvoeding|mleko modyfikowane|mleko nastepne|leite infantil|leite de transicao',
  ],
  ['5721', 'baby cereals|crema di riso|creme di cereali|pappa lattea|bouillie bebe|cereales bebe'],
  ['5720', 'baby snacks|biscotti per bambini|biscottini|plasmon biscotti'],
  [
    '2',
    'pet food|pet foods|pet supplies|animal food|alimenti per animali|cibo per animali|tiernahrung|heimtierbedarf|nourriture pour animaux|alimentation animale|comida para mascotas|diervoeding|karma dla zwierzat|racao|animali|tierbedarf',
  ],
  [
    '3530',
    'dog food|dog foods|dry dog food|wet dog food|dog treats|cibo per cani|alimenti per cani|crocchette per cani|crocchette cane|umido per cani|hundefutter|trockenfutter hund|nassfutter hund|nourriture pour chien|croquettes pour chien|pienso para perros|comida para perros|hondenvoer|karma dla psa|karma dla psow|racao para caes|comida para caes',
  ],
  [
    '3367',
    'cat food|cat foods|dry cat food|wet cat food|cibo per gatti|alimenti per gatti|crocchette per gatti|umido per gatti|katzenfutter|nourriture pour chat|croquettes pour chat|comida para gatos|pienso para gatos|kattenvoer|karma dla kota|karma dla kotow|racao para gatos',
  ],
  ['4999', 'cat litter|lettiera|lettiera per gatti|katzenstreu|litiere|arena para gatos|kattenbakvulling|zwirek'],
];

const HEALTH: ProductWords = [
  [
    '469',
    'health and beauty|health beauty|salute e bellezza|parafarmacia|parapharmacie|farmacia|pharmacy|apotheke|pharmacie|apotheek|apteka|drogerie|drugstore|beauty|bellezza|schonheit|beaute|belleza|uroda|beleza',
  ],
  [
    '491',
    'health care|healthcare|sanitari|dispositivi medici|dispositivo medico|medical devices|medical device|articoli sanitari|medizinprodukte|medizinprodukt|dispositifs medicaux|productos sanitarios|medische hulpmiddelen|wyroby medyczne|dispositivos medicos|cura e benessere|compresse|compressa|compressa rivestita|capsule molli|bustine|supposte|supposta|compressa effervescente|compresse effervescenti|compressa orodispersibile|granulato|sospensione orale|soluzione orale|gocce orali|ovuli|pastiglia|pastiglie|tabletten|filmtabletten|brausetabletten|kapseln|lutschtabletten|zapfchen|comprimes|comprimes effervescents|gelules|pastilles|suppositoires|comprimidos|comprimidos efervescentes|jarabe|pastillas|supositorios|tabletki|tabletki musujace|czopki|zuigtabletten|comprimidos revestidos|gotas|pastilhas|acqua di mare|soluzione fisiologica|seawater nasal spray|meerwasser nasenspray|eau de mer',
  ],
  [
    '518',
    'medicine|medicines|medicinal products|drugs|otc medicines|farmaco|farmaci|medicinale|medicinali|farmaci da banco|senza obbligo di ricetta|sop|otc|arzneimittel|medikament|medikamente|medicament|medicaments|medicamento|medicamentos|geneesmiddel|geneesmiddelen|lek|leki|lekarstwo|sciroppo per la tosse|collirio|colliri|spray nasale|pomata|unguento|crema dermatologica|gel per uso cutaneo|cerotto medicato|cerotti medicati|caramelle per la gola|nasenspray|augentropfen|salbe|hustensaft|collyre|pommade|colirio|pomada|krople do oczu|masc|neusspray|oogdruppels|zalf|hoestdrank|painkiller|painkillers|pain relief|analgesic|analgesico|antidolorifico|antinfiammatorio|anti inflammatory|antipiretico|antistaminico|antihistamine|schmerzmittel|antalgique|analgetico|przeciwbolowy|paracetamolo|paracetamol|ibuprofene|ibuprofen|ketoprofene|diclofenac|acido acetilsalicilico|cetirizina|loratadina|omeprazolo|pantoprazolo|nurofen|brufen',
  ],
  [
    '525',
    'vitamins and supplements|food supplements|dietary supplements|supplements|supplement|vitamins|multivitamins|integratore|integratori|integratore alimentare|integratori alimentari|vitamine|vitamina|multivitaminico|sali minerali|vitamine e minerali|magnesio|magnesio e potassio|potassio|ferro|zinco|calcio e vitamina d|vitamina c|vitamina d|vitamina d3|vitamina b12|omega 3|fermenti lattici|probiotici|probiotico|prebiotici|melatonina|collagene|pappa reale|propoli|echinacea|valeriana|biotina|acido folico|coenzima q10|nahrungserganzungsmittel|nahrungserganzung|vitamin|mineralstoffe|magnesium|probiotika|kapseln vitamin|complement alimentaire|complements alimentaires|vitamines|mineraux|probiotiques|complemento alimenticio|complementos alimenticios|suplemento|suplementos|vitaminas|probioticos|voedingssupplement|voedingssupplementen|suplement diety|suplementy diety|witaminy|witamina|suplemento alimentar|suplementos alimentares|vitaminas e minerais|vitamin d3|vitamin c|vitamin b12|zinc|iron supplement|fish oil|melatonin|collagen|probiotics|ginseng|spirulina|whey protein|proteine in polvere|protein powder',
  ],
  ['2890', 'fitness and nutrition|sports nutrition|nutrizione sportiva|sportnahrung|nutrition sportive|nutricion deportiva'],
  ['2984', 'protein bars|nutrition bars|barrette proteiche|proteinriegel|barres proteinees|barritas proteicas'],
  ['5702', 'protein shakes|meal replacement shakes|sostituto del pasto|pasto sostitutivo|mahlzeitenersatz|substitut de repas|sustitutivo de comida'],
  [
    '501',
    'medical thermometers|thermometers|thermometer|termometro|termometri|termometro clinico|termometro digitale|termometro auricolare|termometro frontale|fieberthermometer|thermometre|thermometre medical|koortsthermometer|termometr|termometro digital|ear thermometer|clinical thermometer',
  ],
  [
    '495',
    'blood pressure monitors|blood pressure monitor|misuratore di pressione|misuratori di pressione|sfigmomanometro|sfigmomanometri|blutdruckmessgerat|blutdruckmessgerate|tensiometre|tensiometro|bloeddrukmeter|cisnieniomierz|medidor de pressao|monitor de presion arterial',
  ],
  ['2246', 'blood glucose meters|glucometer|glucometro|misuratore di glicemia|blutzuckermessgerat|glucometre|bloedglucosemeter|glukometr'],
  [
    '3905',
    'blood glucose test strips|test strips|glucose strips|strisce reattive|strisce glicemia|stick glicemia|teststreifen|bandelettes|tiras reactivas|teststrips|paski testowe|tiras de glicemia',
  ],
  ['3111', 'lancets|lancette pungidito|lanzetten|lancettes|lancetas'],
  ['5551', 'pulse oximeters|pulse oximeter|pulsossimetro|saturimetro|ossimetro|pulsoximeter|oxymetre|pulsioximetro|oxymeter|pulsoksymetr|oximetro'],
  [
    '500',
    'body weight scales|bathroom scales|bilancia pesapersone|pesapersone|personenwaage|pese personne|bascula de bano|personenweegschaal|waga lazienkowa|balanca de casa de banho',
  ],
  ['508', 'first aid|primo soccorso|pronto soccorso|erste hilfe|premiers secours|primeros auxilios|eerste hulp|pierwsza pomoc|primeiros socorros'],
  [
    '509',
    'bandages|plasters|medical tape|adhesive bandages|cerotti|cerotto|garze|garza|benda|bende|cerotto in rotolo|pflaster|verband|verbande|mullbinde|pansements|pansement|compresses|bandes|tiritas|vendas|gasas|apositos|pleisters|plastry|bandaze|pensos|ligaduras|compressas',
  ],
  ['510', 'first aid kits|kit pronto soccorso|cassetta pronto soccorso|verbandskasten|erste hilfe set|trousse de secours|botiquin|ehbo doos|apteczka|kit primeiros socorros'],
  [
    '2954',
    'antiseptics|disinfectant for wounds|disinfettante per ferite|acqua ossigenata|alcool denaturato|betadine|wunddesinfektion|antiseptique|antiseptico|desinfectante para heridas|ontsmettingsmiddel|srodek odkazajacy',
  ],
  ['516', 'hot and cold therapy|borsa del ghiaccio|ghiaccio istantaneo|borsa acqua calda|warmflasche|kuhlpack|bouillotte|bolsa de agua caliente'],
  ['775', 'condoms|condom|preservativi|preservativo|profilattici|kondome|kondom|preservatifs|preservatif|condones|preservativos|condooms|prezerwatywy'],
  ['1680', 'pregnancy tests|pregnancy test|test di gravidanza|schwangerschaftstest|test de grossesse|test de embarazo|zwangerschapstest|test ciazowy|teste de gravidez'],
  ['543680', 'ovulation tests|test di ovulazione|ovulationstest|test dovulation|test de ovulacion'],
  ['505293', 'medical tests|self tests|autodiagnostica|test rapido|antigen test|test antigenico|selbsttest|autotest|autodiagnostico'],
  ['4551', 'respiratory care|apparecchi per aerosol|aerosolterapia|inhalationsgerate'],
  ['4552', 'nebulizers|nebulizer|aerosol|apparecchio per aerosol|nebulizzatore|inhalator|inhalationsgerat|vernebler|nebuliseur|nebulizador|vernevelaar'],
  ['505669', 'steam inhalers|suffumigi|inalatore a vapore'],
  [
    '523',
    'supports and braces|braces|tutore|tutori|ginocchiera|cavigliera|polsiera|busto|calze a compressione|calze elastiche|bandage|orthese|kniebandage|stutzstrumpfe|kompressionsstrumpfe|genouillere|chevillere|rodillera|tobillera|brace|kniebrace|orteza|joelheira|compression stockings',
  ],
  ['5164', 'walking aids|stampelle|bastone da passeggio|deambulatore|gehhilfe|krucken|rollator|bequilles|muletas|krukken|kule'],
  ['3364', 'wheelchairs|sedia a rotelle|carrozzina|rollstuhl|fauteuil roulant|silla de ruedas|rolstoel|wozek inwalidzki|cadeira de rodas'],
  ['517', 'incontinence aids|incontinence|incontinenza|pannoloni|traverse|inkontinenz|inkontinenzeinlagen|incontinence urinaire|incontinencia|incontinentie|nietrzymanie moczu'],
  ['3777', 'pillboxes|portapillole|pillendose|pilulier|pastillero'],
  ['5690', 'hearing aids|apparecchio acustico|apparecchi acustici|horgerat|appareil auditif|audifono|hoortoestel|aparat sluchowy|aparelho auditivo'],
  [
    '2922',
    'eye drops|lubricating eye drops|artificial tears|lacrime artificiali|gocce oculari|soluzione oftalmica|benetzende augentropfen|larmes artificielles|lagrimas artificiales|kunsttranen|sztuczne lzy|lagrimas artificiais',
  ],
  ['6559', 'ear drops|gocce auricolari|spray auricolare|ohrentropfen|gouttes auriculaires|gotas para los oidos'],
  ['5253', 'nasal aspirators|aspiratore nasale|aspirateur nasal|nasensauger|aspirador nasal'],
  [
    '2949',
    'diaper rash treatments|diaper cream|nappy cream|crema cambio pannolino|pasta cambio pannolino|pasta allossido di zinco|wundschutzcreme|creme pour le change|crema del panal|billenzalf|krem na odparzenia|pomada para assaduras',
  ],
];

const BEAUTY: ProductWords = [
  [
    '2915',
    'personal care|cosmetics|cosmetici|cosmetica|kosmetik|cosmetique|cosmetiques|cosmeticos|kosmetyki|beauty products|prodotti di bellezza|cura della persona|igiene|igiene personale|korperpflege|cuidado personal|verzorging|pielegnacja|higiene|hygiene',
  ],
  [
    '567',
    'skin care|skincare|cura della pelle|cura del viso|hautpflege|gesichtspflege|soin du visage|soins visage|cuidado facial|huidverzorging|pielegnacja twarzy|cuidados de rosto|face care|crema|creme|krem',
  ],
  [
    '2592',
    'moisturizers|moisturiser|moisturizer|face creams|face cream|day cream|night cream|body lotion|body lotions|hand cream|hand creams|crema viso|crema idratante|crema giorno|crema notte|crema mani|crema corpo|latte corpo|lozione corpo|gel crema|feuchtigkeitscreme|gesichtscreme|tagescreme|nachtcreme|handcreme|korperlotion|bodylotion|creme hydratante|creme visage|creme de jour|creme de nuit|creme mains|lait corps|crema hidratante|crema facial|crema de manos|locion corporal|dagcreme|krem nawilzajacy|krem do twarzy|krem do rak|balsam do ciala|creme hidratante|creme de rosto|creme de maos|locao corporal|anti aging cream|crema antirughe|serum|siero viso|siero',
  ],
  [
    '2526',
    'facial cleansers|face wash|cleansing gel|cleansing milk|latte detergente|detergente viso|gel detergente|acqua micellare|micellar water|reinigungsgel|gesichtsreinigung|mizellenwasser|lait demaquillant|gel nettoyant|eau micellaire|limpiador facial|agua micelar|gezichtsreiniger|micellair water|zel do mycia twarzy|plyn micelarny|gel de limpeza',
  ],
  ['6034', 'makeup removers|make up remover|struccante|struccanti|abschminktucher|make up entferner|demaquillant|desmaquillante|plyn do demakijazu|desmaquilhante'],
  [
    '2844',
    'sunscreens|sunscreen|sun cream|sun protection|sun care|solari|crema solare|protezione solare|spray solare|latte solare|sonnencreme|sonnenschutz|creme solaire|protection solaire|protector solar|crema solar|zonnebrand|zonnecreme|krem z filtrem|filtr przeciwsloneczny|protetor solar',
  ],
  ['2740', 'tanning products|self tanner|autoabbronzante|selbstbraeuner|autobronzant|autobronceador|zelfbruiner|samoopalacz|autobronzeador|after sun|doposole'],
  [
    '482',
    'lip balms|lip balm|burrocacao|burro cacao|balsamo labbra|stick labbra|lippenpflege|lippenbalsam|baume a levres|stick levres|balsamo labial|cacao labial|lippenbalsem|pomadka ochronna',
  ],
  ['6262', 'face masks|sheet masks|maschera viso|maschera per il viso|gesichtsmaske|masque visage|mascarilla facial|gezichtsmasker|maseczka|mascara facial|scrub viso|peeling'],
  ['481', 'acne treatments|anti acne|antiacne|brufoli|pickel|anti imperfections|antiimperfecciones|puistjes|tradzik'],
  ['6104', 'body oils|body oil|olio corpo|olio per il corpo|korperol|huile corps|aceite corporal|lichaamsolie|olejek do ciala|oleo corporal'],
  ['5976', 'toners|facial toners|tonico|tonico viso|gesichtswasser|tonique|lotion tonique|tonico facial|gezichtstonic|tonik'],
  ['5820', 'insect repellent|antizanzare|repellente per zanzare|muckenschutz|anti moustique|antimosquitos|muggenspray|na komary|repelente'],
  ['474', 'bath and body|bagno e corpo|corpo|bad und korper|bain et corps|bano y cuerpo|bad en lichaam|sapone|seife|jabon|mydlo|sabao'],
  [
    '2747',
    'shower gels|shower gel|body wash|bath foam|doccia|docciaschiuma|bagnoschiuma|gel doccia|bagno doccia|duschgel|dusche|duschcreme|schaumbad|gel douche|gel de ducha|gel de bano|douchegel|badschuim|zel pod prysznic|plyn do kapieli|gel de banho',
  ],
  [
    '2503',
    'bar soaps|bar soap|soap bar|sapone solido|saponetta|saponette|stuckseife|seifenstuck|savon|savon solide|pastilla de jabon|jabon en pastilla|zeep|mydlo w kostce|sabonete|sabonete em barra|soaps',
  ],
  [
    '3208',
    'liquid soaps|liquid hand soap|hand soap|sapone liquido|sapone mani|flussigseife|handseife|savon liquide|savon mains|jabon liquido|jabon de manos|handzeep|vloeibare zeep|mydlo w plynie|sabonete liquido',
  ],
  [
    '3691',
    'hand sanitizers|hand sanitizer|hand sanitising gel|gel igienizzante|igienizzante mani|gel disinfettante mani|salviette igienizzanti|handdesinfektion|desinfektionsgel|gel hydroalcoolique|gel desinfectante|gel hidroalcoholico|handgel|desinfecterende handgel|zel antybakteryjny|gel desinfetante',
  ],
  ['2522', 'bath additives|bath salts|bath bombs|sali da bagno|badesalz|sels de bain|sales de bano|badzout'],
  ['499913', 'intimate wipes|salviette intime|feuchttucher'],
  [
    '486',
    'hair care|haircare|capelli|cura dei capelli|haarpflege|haare|soins cheveux|cheveux|cuidado del cabello|cabello|haarverzorging|wlosy|pielegnacja wlosow|cabelo|cuidados capilares',
  ],
  ['2441', 'shampoo and conditioner|shampoos and conditioners'],
  ['543615', 'shampoos|shampoo|shampoo antiforfora|dry shampoo|shampoo secco|shampoing|shampooing|champu|champus|szampon|szampony|xampu|champo|anti dandruff shampoo'],
  [
    '543616',
    'conditioners|conditioner|hair conditioner|balsamo|balsamo per capelli|balsamo capelli|maschera capelli|haarspulung|spulung|haarkur|haarmaske|apres shampoing|masque cheveux|acondicionador|mascarilla capilar|odzywka|odzywka do wlosow|condicionador',
  ],
  [
    '2814',
    'hair colour|hair color|hair dyes|hair dye|tinta per capelli|tinta capelli|colorazione capelli|haarfarbe|coloration|tinte para el pelo|tinte capilar|haarverf|farba do wlosow|tinta para cabelo|coloracao',
  ],
  [
    '1901',
    'hair styling products|hair spray|hairspray|hair gel|hair wax|lacca|lacca per capelli|gel per capelli|cera per capelli|mousse capelli|haarspray|haargel|haarwachs|laque|gel coiffant|cire cheveux|laca|gomina|cera para el pelo|haarlak|lakier do wlosow|laca para cabelo|gel fissante|fissante|styling gel|styling|pasta modellante',
  ],
  ['4766', 'hair loss treatments|anticaduta|lozione anticaduta|fiale anticaduta|haarausfall|antichute|anticaida|haaruitval|queda de cabelo'],
  ['6019', 'hair styling tools|styling tools'],
  ['490', 'hair dryers|hair dryer|hairdryer|asciugacapelli|phon|fon|haartrockner|fohn|seche cheveux|secador de pelo|secador|haardroger|suszarka do wlosow|secador de cabelo'],
  [
    '3407',
    'hair straighteners|hair straightener|flat iron|piastra per capelli|piastra capelli|glatteisen|haarglatter|lisseur|plancha de pelo|plancha para el pelo|stijltang|prostownica|prancha de cabelo|alisador',
  ],
  ['489', 'curling irons|curling iron|arricciacapelli|ferro arricciacapelli|lockenstab|fer a boucler|rizador|krultang|lokowka|modelador de cachos'],
  [
    '487',
    'hair brushes|combs|spazzola per capelli|pettine|haarburste|kamm|brosse a cheveux|peigne|cepillo de pelo|peine|haarborstel|kam|szczotka do wlosow|grzebien|escova de cabelo|pente',
  ],
  [
    '526',
    'oral care|oral hygiene|igiene orale|cura dei denti|mundpflege|zahnpflege|hygiene bucco dentaire|soin dentaire|higiene bucal|cuidado bucal|mondverzorging|higiena jamy ustnej|higiene oral',
  ],
  [
    '1360',
    'toothpastes|toothpaste|dentifricio|dentifrici|zahnpasta|zahncreme|dentifrice|pasta de dientes|pasta dentifrica|dentifrico|tandpasta|pasta do zebow|pasta de dentes|creme dental',
  ],
  [
    '527',
    'toothbrushes|toothbrush|electric toothbrush|spazzolino|spazzolini|spazzolino elettrico|zahnburste|elektrische zahnburste|brosse a dents|cepillo de dientes|cepillo dental|tandenborstel|szczoteczka do zebow|szczoteczka|escova de dentes',
  ],
  ['4776', 'toothbrush heads|replacement brush heads|testine di ricambio|testine spazzolino|aufsteckbursten|brossettes|cabezales de recambio|opzetborstels|koncowki'],
  ['3040', 'mouthwashes|mouthwash|mouth rinse|collutorio|collutori|mundspulung|mundwasser|bain de bouche|enjuague bucal|colutorio|mondwater|plyn do plukania ust|elixir bucal'],
  ['2620', 'dental floss|filo interdentale|zahnseide|fil dentaire|hilo dental|tandzijde|nic dentystyczna|fio dental'],
  ['3019', 'teeth whitening|sbiancante denti|zahnaufhellung|blanchiment dentaire|blanqueamiento dental'],
  ['5155', 'denture adhesives|adesivo per protesi|crema adesiva per dentiere|haftcreme|creme fixative|adhesivo para dentaduras|kukident|corega'],
  ['484', 'deodorants and antiperspirants|deodorant and antiperspirant'],
  [
    '543598',
    'deodorants|deodorant|deo|deodorante|deodoranti|deo spray|deo roll on|deostick|deodorante spray|deodorante roll on|desodorante|desodorantes|dezodorant|dezodoranty|desodorizante|anti transpirant|antitraspirante|antiperspirant|antitranspirante|antyperspirant',
  ],
  ['477', 'makeup|make up|trucco|trucchi|maquillage|maquillaje|maquiagem|makijaz'],
  ['2779', 'eye makeup|trucco occhi|augen make up|maquillage des yeux'],
  ['2834', 'mascara|mascaras|mascara ciglia|wimperntusche|mascara de pestanas|mascara para cilios|tusz do rzes|rimel'],
  ['2807', 'eyeliner|eyeliners|matita occhi|kajal|eye pencil|crayon yeux|lapiz de ojos|oogpotlood|kredka do oczu|lapis de olhos'],
  [
    '2904',
    'eye shadows|eyeshadow|eye shadow|ombretto|ombretti|lidschatten|fard a paupieres|sombra de ojos|oogschaduw|cien do powiek|sombra de olhos|palette ombretti|eyeshadow palette',
  ],
  ['2686', 'eyebrow pencils|matita sopracciglia|augenbrauenstift|crayon sourcils|lapiz de cejas|wenkbrauwpotlood|kredka do brwi'],
  ['2571', 'face makeup|trucco viso|teint'],
  [
    '2765',
    'foundations|foundation|fondotinta|correttore|concealer|grundierung|make up fluid|fond de teint|correcteur|base de maquillaje|corrector|podklad|korektor|base liquida|corretivo|bb cream|cc cream',
  ],
  ['2980', 'face powders|cipria|cipria compatta|puder|poudre|polvos|poeder|po compacto'],
  ['6305', 'blushes|blush|fard|fard guance|terra abbronzante|bronzer|rouge|colorete|bronzeador em po'],
  ['2645', 'lip makeup|trucco labbra|labbra|lippen make up|levres|labios|lippen|usta'],
  ['3021', 'lipsticks|lipstick|rossetto|rossetti|rossetto liquido|lippenstift|rouge a levres|barra de labios|pintalabios|szminka|pomadka|batom'],
  ['2858', 'lip glosses|lip gloss|gloss labbra|lipgloss|brillant a levres|brillo de labios|blyszczyk|brilho labial'],
  ['2589', 'lip liners|matita labbra|lipliner|lippenkonturenstift|crayon a levres|perfilador de labios|lippotlood|konturowka'],
  ['478', 'nail care|unghie|cura delle unghie|nagelpflege|soin des ongles|cuidado de unas|nagelverzorging|paznokcie|unhas'],
  [
    '2683',
    'nail polishes|nail polish|nail varnish|smalto|smalti|smalto per unghie|smalto unghie|nagellack|vernis a ongles|esmalte de unas|pintaunas|nagellak|lakier do paznokci|verniz de unhas|esmalte',
  ],
  ['2946', 'nail polish removers|solvente per unghie|acetone|nagellackentferner|dissolvant|quitaesmalte|nagellakremover|zmywacz do paznokci|removedor de verniz'],
  [
    '479',
    'perfumes|perfume|fragrances|fragrance|colognes|eau de parfum|eau de toilette|eau de cologne|profumo|profumi|profumi uomo|profumi donna|acqua di colonia|parfum|parfums|duft|dufte|colonia|geur|perfumy|woda toaletowa|woda perfumowana|agua de colonia',
  ],
  ['6069', 'cosmetic sets|gift sets|cofanetto|cofanetti|geschenkset|coffret|estuche'],
  ['528', 'shaving and grooming|rasatura|rasierbedarf|rasage|afeitado|scheren|golenie|barbear'],
  [
    '534',
    'razors|razor|razor blades|rasoio|rasoi|lamette|rasoio usa e getta|rasierer|rasierklingen|einwegrasierer|rasoir|lames de rasoir|maquinilla de afeitar|cuchillas de afeitar|scheermes|scheermesjes|maszynka do golenia|golarka|lamina de barbear|maquina de barbear',
  ],
  [
    '532',
    'electric shavers|electric shaver|electric razors|rasoio elettrico|elektrorasierer|rasierapparat|rasoir electrique|afeitadora electrica|elektrisch scheerapparaat|golarka elektryczna|maquina de barbear eletrica|shaver|shavers|foil shaver|rotary shaver|mens shavers|men s shavers',
  ],
  [
    '533',
    'hair clippers|beard trimmers|trimmer|regolabarba|tagliacapelli|rifinitore|haarschneider|bartschneider|tondeuse|tondeuse barbe|cortapelos|recortador de barba|trymer|maszynka do wlosow|aparador de barba',
  ],
  [
    '2971',
    'shaving foams|shaving foam|shaving cream|shaving gel|schiuma da barba|gel da barba|crema da barba|rasierschaum|rasiergel|mousse a raser|gel a raser|espuma de afeitar|gel de afeitar|scheerschuim|pianka do golenia|espuma de barbear',
  ],
  ['529', 'aftershaves|aftershave|after shave|dopobarba|rasierwasser|apres rasage|locion para despues del afeitado|po goleniu|pos barba'],
  ['4507', 'hair removal|depilazione|haarentfernung|epilation|depilacion|ontharing|depilacja|depilacao'],
  ['4508', 'depilatory creams|crema depilatoria|enthaarungscreme|creme depilatoire|ontharingscreme|krem do depilacji|creme depilatorio'],
  ['4511', 'wax strips|strisce depilatorie|cera depilatoria|wachsstreifen|bandes de cire|bandas de cera|harsstrips|plastry z woskiem'],
  ['4510', 'epilators|epilatore|epilierer|epilateur|depiladora|epilator|depilador'],
  ['485', 'feminine hygiene|igiene intima|intimhygiene|hygiene intime|higiene intima|intieme hygiene|higiena intymna|detergente intimo'],
  [
    '2387',
    'sanitary pads|sanitary towels|panty liners|assorbenti|assorbente|salvaslip|damenbinden|slipeinlagen|serviettes hygieniques|protege slips|compresas|salvaslips|maandverband|inlegkruisjes|podpaski|wkladki|pensos higienicos',
  ],
  ['2564', 'tampons|tampon|tamponi|assorbenti interni|tampones|tampony|tampoes'],
  ['8122', 'menstrual cups|coppetta mestruale|menstruationstasse|cup menstruelle|copa menstrual|menstruatiecup|kubeczek menstruacyjny|coletor menstrual'],
  ['2934', 'cotton swabs|cotton buds|cotton swab|cotton fioc|bastoncini cotonati|wattestabchen|cotons tiges|bastoncillos|wattenstaafjes|patyczki higieniczne|cotonetes'],
  [
    '4929',
    'cotton pads|cotton balls|dischetti di cotone|dischetti struccanti|cotone idrofilo|wattepads|disques de coton|discos de algodon|wattenschijfjes|platki kosmetyczne|discos de algodao',
  ],
  ['515', 'foot care|cura dei piedi|fusspflege|soin des pieds|cuidado de pies|voetverzorging|pielegnacja stop'],
  ['2801', 'insoles|solette|plantari|einlegesohlen|semelles|plantillas|inlegzolen|wkladki do butow|palmilhas'],
  ['1380', 'vision care|cura degli occhi'],
  ['2923', 'contact lenses|lenti a contatto|kontaktlinsen|lentilles de contact|lentillas|lentes de contacto|contactlenzen|soczewki kontaktowe'],
  ['6509', 'contact lens solutions|soluzione per lenti|soluzione unica|kontaktlinsenflussigkeit|solution lentilles|solucion para lentillas|lenzenvloeistof|plyn do soczewek'],
  ['524', 'eyeglasses|reading glasses|occhiali|occhiali da lettura|lesebrille|brille|lunettes de lecture|gafas de lectura|leesbril|okulary|oculos'],
  ['5663', 'massage and relaxation|massaggio|massage|masaje|massagem'],
  ['471', 'massagers|massager|massaggiatore|massagegerat|masseur|masajeador|massageapparaat|masazer|massajador'],
  ['5664', 'massage oils|olio da massaggio|massageol|huile de massage|aceite de masaje'],
  ['2656', 'tweezers|pinzette|pinzetta|pince a epiler|pinzas de depilar|pincet|peseta|pinca'],
  [
    '2975',
    'nail tools|tagliaunghie|forbicine|lima per unghie|nagelknipser|nagelschere|nagelfeile|coupe ongles|lime a ongles|cortaunas|lima de unas|nagelknipper|nagelvijl|obcinacz do paznokci|pilnik',
  ],
  ['3025', 'makeup brushes|pennelli trucco|pennello trucco|schminkpinsel|pinceaux maquillage|brochas de maquillaje|make up kwasten|pedzle do makijazu|pinceis de maquilhagem'],
  ['4106', 'makeup sponges|spugnetta trucco|beauty blender|make up schwamm|eponge maquillage|esponja de maquillaje'],
];

const HOME: ProductWords = [
  [
    '536',
    'home and garden|home garden|casa e giardino|haus und garten|maison et jardin|casa y jardin|huis en tuin|dom i ogrod|casa e jardim|arredamento|home decor|wohnen|casa|maison|hogar|haushalt|huishouden|dom|lar|home',
  ],
  [
    '630',
    'household supplies|household|articoli per la casa|haushaltswaren|entretien de la maison|articulos del hogar|huishoudelijke artikelen|artykuly gospodarstwa domowego|utilidades domesticas|drogeria',
  ],
  [
    '623',
    'cleaning supplies|cleaning products|pulizia casa|pulizia|prodotti per la pulizia|detersivi|detergenti|putzmittel|reinigungsmittel|reiniger|produits menagers|produits dentretien|nettoyants|productos de limpieza|limpiadores|schoonmaakmiddelen|reinigingsmiddelen|srodki czystosci|produtos de limpeza|detergentes|cleaners',
  ],
  ['4973', 'household cleaning products'],
  [
    '7330',
    'all purpose cleaners|all purpose cleaner|multipurpose cleaner|multi surface cleaner|sgrassatore|sgrassatori|detergente multiuso|multiuso|universalreiniger|allzweckreiniger|nettoyant multi usages|degraissant|limpiador multiusos|desengrasante|allesreiniger|ontvetter|plyn uniwersalny|odtluszczacz|limpa tudo|desengordurante|multisuperficie',
  ],
  [
    '4975',
    'dish detergents|dishwashing liquid|washing up liquid|dishwasher detergents|dishwasher tablets|dishwasher tabs|detersivo piatti|detersivo per piatti|piatti a mano|detersivo lavastoviglie|pastiglie lavastoviglie|capsule lavastoviglie|tabs lavastoviglie|spulmittel|geschirrspulmittel|spultabs|geschirrspueltabs|spulmaschinentabs|liquide vaisselle|tablettes lave vaisselle|pastilles lave vaisselle|pastillas lavavajillas|afwasmiddel|vaatwastabletten|vaatwasmiddel|plyn do mycia naczyn|tabletki do zmywarki|detergente da loica|pastilhas maquina loica|dish soap',
  ],
  ['7552', 'rinse aids|brillantante|klarspuler|liquide de rincage|abrillantador|glansspoelmiddel|nablyszczacz'],
  ['7510', 'dishwasher cleaners|pulisci lavastoviglie|maschinenpfleger|nettoyant lave vaisselle'],
  ['7462', 'washing machine cleaners|pulisci lavatrice|waschmaschinenreiniger|nettoyant lave linge'],
  ['500065', 'descalers|decalcificante|anticalcare|entkalker|detartrant|descalcificador|ontkalker|odkamieniacz|descalcificante'],
  ['4977', 'floor cleaners|detergente pavimenti|lavapavimenti|bodenreiniger|nettoyant sol|friegasuelos|limpiasuelos|vloerreiniger|plyn do podlog|detergente pavimentos'],
  ['4976', 'glass cleaners|surface cleaners|vetri|pulisci vetri|detergente vetri|glasreiniger|nettoyant vitres|limpiacristales|plyn do szyb|limpa vidros'],
  [
    '6474',
    'disinfectants|household disinfectants|disinfettante|disinfettanti|candeggina|varechina|desinfektionsmittel|desinfectant|javel|eau de javel|lejia|desinfectante|bleekmiddel|srodek dezynfekujacy|lixivia|desinfetante',
  ],
  [
    '4980',
    'toilet cleaners|toilet bowl cleaners|wc cleaner|pulitore wc|detergente wc|gel wc|wc gel|wc reiniger|toilettenreiniger|wc ente|nettoyant wc|limpiador wc|limpia inodoros|toiletreiniger|plyn do wc|zel do wc|limpa sanitas',
  ],
  ['4981', 'bathroom cleaners|anticalcare bagno|pulizia bagno|badreiniger|nettoyant salle de bain|limpiador de bano|badkamerreiniger'],
  ['4978', 'oven cleaners|sgrassatore forno|backofenreiniger|nettoyant four|limpiahornos'],
  ['5825', 'furniture polish|lucidante mobili|cera per mobili|mobelpolitur|cire pour meubles|limpiamuebles'],
  ['4974', 'carpet cleaners|smacchiatore tappeti|teppichreiniger|nettoyant tapis|limpiador de alfombras'],
  [
    '2796',
    'sponges|sponge|scouring pads|spugna|spugne|spugnette|paglietta|paglietta abrasiva|schwamm|schwamme|topfreiniger|eponge|eponges|estropajo|estropajos|esponja|esponjas|spons|sponsen|schuursponsje|gabka|gabki|zmywak|esfregao',
  ],
  ['2713', 'mops|mop|scopa a frange|mocio|lavapavimenti a frange|wischmopp|bodenwischer|serpilliere|balai a franges|fregona|mopa|dweil'],
  ['2857', 'brooms|broom|scopa|scope|besen|balai|escoba|bezem|miotla|vassoura'],
  ['6437', 'buckets|secchio|secchi|eimer|seau|cubo|emmer|wiadro|balde'],
  ['2250', 'dusters|piumino cattura polvere|staubwedel|plumeau|plumero|stofdoek|miotelka do kurzu'],
  [
    '8071',
    'cleaning cloths|microfibre cloths|microfiber cloths|panni|panno|panni in microfibra|panno multiuso|putztucher|mikrofasertucher|lavette|chiffons|bayetas|panos|vaatdoekjes|microvezeldoek|sciereczki|sciereczka|panos de limpeza',
  ],
  [
    '5113',
    'cleaning gloves|rubber gloves|guanti per pulizie|guanti in lattice|haushaltshandschuhe|gants menage|guantes de limpieza|huishoudhandschoenen|rekawice gospodarcze|luvas de limpeza',
  ],
  ['2530', 'household paper products|paper products|carta per la casa|carta casa|papierprodukte|papeterie menagere|papel domestico'],
  [
    '629',
    'toilet paper|toilet tissue|toilet rolls|carta igienica|rotoli carta igienica|toilettenpapier|klopapier|papier toilette|papier hygienique|papel higienico|toiletpapier|wc papier|papier toaletowy',
  ],
  [
    '2742',
    'paper towels|kitchen roll|kitchen rolls|kitchen paper|carta da cucina|asciugatutto|scottex|rotoli cucina|kuchenrolle|kuchentucher|essuie tout|papel de cocina|rollo de cocina|keukenpapier|keukenrol|recznik papierowy|reczniki papierowe|rolo de cozinha|papel de cozinha',
  ],
  [
    '624',
    'facial tissues|tissues|fazzoletti|fazzoletti di carta|fazzolettini|taschentucher|papiertaschentucher|kosmetiktucher|mouchoirs|mouchoirs en papier|panuelos|panuelos de papel|zakdoekjes|chusteczki|lencos de papel|kleenex',
  ],
  ['3846', 'paper napkins|tovaglioli di carta|tovaglioli|servietten|serviettes en papier|servilletas|servetten|serwetki|guardanapos'],
  [
    '2374',
    'garbage bags|rubbish bags|trash bags|bin bags|bin liners|sacchi immondizia|sacchetti immondizia|sacchi spazzatura|sacchetti spazzatura|sacchi per rifiuti|sacchetti per rifiuti|mullbeutel|mullsacke|abfallbeutel|sacs poubelle|bolsas de basura|vuilniszakken|afvalzakken|worki na smieci|sacos do lixo|sacos de lixo',
  ],
  [
    '637',
    'trash cans|waste bins|dustbins|bins|pattumiera|pattumiere|cestino|bidone|mulleimer|abfalleimer|poubelle|poubelles|cubo de basura|papelera|prullenbak|afvalemmer|kosz na smieci|caixote do lixo|balde do lixo',
  ],
  ['627', 'laundry supplies|laundry|bucato|cura del bucato|lavanderia|wasche|waschmittel und wascheplege|linge|lessive|colada|pranie|roupa'],
  [
    '2754',
    'laundry detergents|laundry detergent|washing powder|washing liquid|laundry capsules|laundry pods|detersivo lavatrice|detersivi lavatrice|detersivo bucato|detersivo liquido|detersivo in polvere|capsule lavatrice|pods lavatrice|waschmittel|vollwaschmittel|colorwaschmittel|flussigwaschmittel|waschpulver|waschmittel caps|lessive liquide|lessive en poudre|capsules de lessive|detergente para la ropa|detergente lavadora|detergente liquido|capsulas de detergente|wasmiddel|waspoeder|wascapsules|proszek do prania|plyn do prania|kapsulki do prania|detergente para roupa|detergente maquina|detersivo',
  ],
  [
    '2794',
    'fabric softeners|fabric softener|fabric conditioner|dryer sheets|ammorbidente|ammorbidenti|weichspuler|weichspueler|adoucissant|suavizante|wasverzachter|plyn do plukania|amaciador de roupa|amaciador',
  ],
  ['4657', 'stain removers|smacchiatore|smacchiatori|fleckentferner|detachant|quitamanchas|vlekkenverwijderaar|odplamiacz|tira nodoas'],
  ['4982', 'bleach|candeggina per bucato|bleichmittel|lejia para ropa'],
  ['2677', 'drying racks|clothes airers|stendino|stendibiancheria|waschestander|sechoir a linge|tendedero|droogrek|suszarka na pranie|estendal|hangers|appendiabiti'],
  ['633', 'ironing boards|asse da stiro|bugelbrett|planche a repasser|tabla de planchar|strijkplank|deska do prasowania|tabua de engomar'],
  ['634', 'laundry baskets|cesta portabiancheria|portabiancheria|waschekorb|panier a linge|cesto de ropa|wasmand|kosz na pranie|cesto da roupa'],
  ['728', 'pest control|disinfestazione|schadlingsbekampfung|antinuisibles'],
  ['2869', 'insecticides|insecticide|insetticida|insetticidi|spray insetticida|insektenspray|insektizid|insecticida|insectenspray|srodek owadobojczy|inseticida|raid|baygon'],
  ['2631', 'traps|trappole|trappola per topi|mausefalle|piege|trampa para ratones|muizenval|pulapka'],
  [
    '512',
    'mosquito repellent devices|antizanzare elettrico|diffusore antizanzare|elektrischer muckenstecker|diffuseur anti moustiques|zanzariera elettrica|zanzariere elettriche|piastrine antizanzare|fornelletto antizanzare|mosquito plug in|insektenstecker',
  ],
  ['7406', 'moisture absorbers|assorbiumidita|luftentfeuchter granulat|absorbeur dhumidite|antihumedad'],
  ['636', 'storage and organization|organizzazione|contenitori|aufbewahrung|rangement|almacenaje|organizacion|przechowywanie|arrumacao'],
  [
    '5631',
    'storage boxes|storage box|storage containers|scatole|scatola portaoggetti|contenitore portaoggetti|contenitori salvaspazio|scatole in plastica|aufbewahrungsbox|aufbewahrungsboxen|boite de rangement|boites de rangement|caja de almacenaje|cajas organizadoras|opbergdoos|opbergbox|pudelko|pojemnik do przechowywania|caixa de arrumacao',
  ],
  ['5558', 'closet storage|wardrobe organizers|sacchi sottovuoto|kleiderschrank organizer|housse de rangement|organizador de armario|vacuum bags'],
  ['631', 'clothes hangers|coat hangers|grucce|gruccia|appendini|kleiderbugel|cintres|perchas|kledinghangers|wieszaki|cabides'],
  ['2446', 'hooks|ganci|ganci adesivi|haken|crochets|ganchos|haakjes|haczyki'],
  ['628', 'shoe care|cura delle scarpe|schuhpflege|entretien des chaussures|cuidado del calzado|schoenverzorging|pielegnacja obuwia'],
  ['1659', 'shoe polish|lucido da scarpe|lucido scarpe|schuhcreme|cirage|betun|schoenpoets|pasta do butow|graxa'],
  [
    '604',
    'household appliances|home appliances|elettrodomestici|piccoli elettrodomestici|haushaltsgerate|haushaltsgeraete|elektrogerate|electromenager|petit electromenager|electrodomesticos|pequenos electrodomesticos|huishoudelijke apparaten|agd|sprzet agd|eletrodomesticos|small appliances',
  ],
  [
    '619',
    'vacuums|vacuum cleaners|vacuum cleaner|vacuum|stick vacuums|cordless vacuums|robot vacuums|robot vacuum|stick vacuums and electric brooms|aspirapolvere|aspirapolveri|aspirapolvere senza fili|scopa elettrica|scope elettriche|robot aspirapolvere|aspiratore|staubsauger|akkusauger|saugroboter|handstaubsauger|*staubsauger|aspirateur|aspirateurs|aspirateur balai|aspirateur robot|aspiradora|aspiradoras|aspirador|robot aspirador|stofzuiger|stofzuigers|steelstofzuiger|robotstofzuiger|odkurzacz|odkurzacze|aspiradores',
  ],
  ['618', 'vacuum accessories|sacchetti aspirapolvere|filtro aspirapolvere|staubsaugerbeutel|sacs aspirateur|bolsas aspiradora|stofzuigerzakken|worki do odkurzacza'],
  ['616', 'steam cleaners|pulitore a vapore|dampfreiniger|nettoyeur vapeur|limpiador a vapor|stoomreiniger|mop parowy|parownica'],
  ['543603', 'steam mops|scopa a vapore|dampfmopp|balai vapeur|mopa a vapor'],
  ['2706', 'laundry appliances'],
  [
    '2549',
    'washing machines|washing machine|washers|lavatrice|lavatrici|waschmaschine|waschmaschinen|lave linge|machine a laver|lavadora|lavadoras|wasmachine|wasmachines|pralka|pralki|maquina de lavar roupa|maquina de lavar',
  ],
  ['2612', 'tumble dryers|clothes dryers|asciugatrice|asciugatrici|waschetrockner|trockner|seche linge|secadora|secadoras|droger|wasdroger|suszarka do ubran|maquina de secar'],
  [
    '5139',
    'irons|iron|steam irons|steam iron|steam generator irons|steam generators|ironing systems|ferro da stiro|ferri da stiro|ferro a vapore|sistema stirante|generatore di vapore|bugeleisen|dampfbugeleisen|dampfbugelstation|fer a repasser|centrale vapeur|plancha|plancha de vapor|centro de planchado|strijkijzer|stoomstrijkijzer|stoomgenerator|zelazko|generator pary|ferro de engomar|steam ironing stations|steam ironing station|steam generator iron|ironing station',
  ],
  ['5138', 'garment steamers|steamer verticale|stiratore verticale|dampfglatter|defroisseur|vaporizador de ropa|kledingstomer|parownica do ubran'],
  ['1626', 'climate control|climatizzazione|klimageraete|climatisation|climatizacion'],
  [
    '608',
    'fans|fan|ventilatore|ventilatori|ventilatore a piantana|ventilatore da tavolo|ventilatore a torre|ventilator|ventilatoren|standventilator|ventilateur|ventilateurs|ventilador|ventiladores|wentylator|wentylatory|ventoinha|ventoinhas|tower fan|pedestal fan|desk fan',
  ],
  [
    '605',
    'air conditioners|air conditioner|climatizzatore|condizionatore|condizionatore portatile|klimagerat|klimaanlage|climatiseur|aire acondicionado|airco|klimatyzator|ar condicionado',
  ],
  ['606', 'air purifiers|air purifier|purificatore daria|purificatore|luftreiniger|purificateur dair|purificador de aire|luchtreiniger|oczyszczacz powietrza|purificador de ar'],
  ['607', 'dehumidifiers|dehumidifier|deumidificatore|deumidificatori|luftentfeuchter|deshumidificateur|deshumidificador|luchtontvochtiger|osuszacz powietrza|desumidificador'],
  ['613', 'humidifiers|humidifier|umidificatore|umidificatori|luftbefeuchter|humidificateur|humidificador|luchtbevochtiger|nawilzacz powietrza'],
  [
    '611',
    'space heaters|heaters|heater|stufa|stufe|stufetta|termoventilatore|termoconvettore|radiatore elettrico|heizlufter|heizgerat|elektroheizung|radiateur|chauffage dappoint|radiador|calefactor|estufa|kachel|verwarming|grzejnik|termowentylator|aquecedor|oil filled radiator',
  ],
  ['621', 'water heaters|scaldabagno|boiler|warmwasserbereiter|chauffe eau|calentador de agua|termo electrico|podgrzewacz wody|esquentador|termoacumulador'],
  [
    '638',
    'kitchen and dining|cucina e sala da pranzo|kuche und esszimmer|cuisine et salle a manger|cocina y comedor|keuken en eetkamer|cucina|kitchen|kuche|cuisine|cocina|keuken|kuchnia|cozinha',
  ],
  [
    '730',
    'kitchen appliances|elettrodomestici da cucina|kuchengerate|appareils de cuisine|electrodomesticos de cocina|keukenapparaten|sprzet kuchenny|eletrodomesticos de cozinha',
  ],
  [
    '736',
    'coffee makers|coffee maker|coffee machines|coffee machine|espresso machines|espresso machine|bean to cup|capsule machines|macchina da caffe|macchine da caffe|macchina per caffe|macchina caffe|macchina espresso|macchina per espresso|macchina a capsule|kaffeemaschine|kaffeemaschinen|kaffeevollautomat|espressomaschine|kapselmaschine|siebtragermaschine|*kaffeemaschine|machine a cafe|cafetiere|cafetiere electrique|machine expresso|cafetera|cafetera express|maquina de cafe|koffiezetapparaat|koffiemachine|espressomachine|ekspres do kawy|ekspres|maquina de cafe expresso|cafeteira',
  ],
  ['1388', 'drip coffee makers|filter coffee machines|macchina caffe americano|filterkaffeemaschine|cafetiere filtre|cafetera de goteo|filterkoffiezetapparaat'],
  [
    '1647',
    'espresso pots|stovetop espresso|moka|moka pot|caffettiera|caffettiere|caffettiera moka|espressokocher|cafetiere italienne|cafetera italiana|cafeteira italiana|kawiarka',
  ],
  ['3988', 'coffee maker accessories|coffee machine accessories|accessori macchina caffe|kaffeemaschinen zubehor'],
  [
    '751',
    'electric kettles|electric kettle|kettles|kettle|bollitore|bollitori|bollitore elettrico|wasserkocher|bouilloire|bouilloire electrique|hervidor|hervidor de agua|hervidor electrico|waterkoker|waterkokers|czajnik|czajnik elektryczny|chaleira|chaleira eletrica|jarro eletrico',
  ],
  ['5289', 'toasters|toaster|tostapane|tostiera|grille pain|tostadora|tostador|broodrooster|toster|torradeira'],
  ['761', 'toaster ovens|fornetto elettrico|fornetto|minibackofen|mini four|horno electrico|mini oven'],
  [
    '505666',
    'blenders|blender|mixers|mixer|food processors|food processor|kitchen machines|stand mixers|hand blenders|immersion blenders|frullatore|frullatori|frullatore a immersione|minipimer|robot da cucina|impastatrice|sbattitore|standmixer|stabmixer|handmixer|kuchenmaschine|mixeur|robot patissier|robot multifonction|batteur|batidora|batidora de vaso|batidora de mano|robot de cocina|amasadora|staafmixer|keukenmachine|mikser|robot kuchenny|liquidificadora|varinha magica|robot de cozinha|batedeira|thermomix',
  ],
  [
    '753',
    'microwaves|microwave|microwave ovens|microwave oven|forno a microonde|microonde|mikrowelle|micro ondes|four micro ondes|microondas|horno microondas|magnetron|kuchenka mikrofalowa|mikrofalowka|micro ondas',
  ],
  ['683', 'ovens|oven|built in ovens|forno|forni|forno elettrico|backofen|einbaubackofen|four|fours|horno|hornos|piekarnik'],
  [
    '679',
    'hobs|cooktops|piano cottura|piani cottura|piano a induzione|kochfeld|induktionskochfeld|plaque de cuisson|plaque induction|placa de induccion|vitroceramica|kookplaat|inductiekookplaat|plyta indukcyjna|placa de inducao',
  ],
  [
    '686',
    'refrigerators|refrigerator|fridges|fridge|fridge freezers|frigorifero|frigoriferi|frigo|kuhlschrank|kuhlschranke|kuhl gefrierkombination|refrigerateur|frigorifico|nevera|koelkast|lodowka|lodowki',
  ],
  ['681', 'freezers|freezer|congelatore|congelatori|gefrierschrank|gefriertruhe|congelateur|congelador|vriezer|diepvries|zamrazarka|arca congeladora'],
  [
    '680',
    'dishwashers|dishwasher|lavastoviglie|geschirrspuler|geschirrspulmaschine|spulmaschine|lave vaisselle|vaatwasser|vaatwasmachine|zmywarka|zmywarki|maquina de lavar loica',
  ],
  [
    '738',
    'deep fryers|fryers|air fryers|air fryer|friggitrice|friggitrici|friggitrice ad aria|heissluftfritteuse|fritteuse|friteuse|friteuse sans huile|freidora|freidora de aire|airfryer|frytkownica|fritadeira|fritadeira sem oleo',
  ],
  [
    '750',
    'juicers|juicer|centrifuga|estrattore di succo|spremiagrumi|entsafter|saftpresse|zitruspresse|centrifugeuse|extracteur de jus|presse agrumes|licuadora|exprimidor|sapcentrifuge|citruspers|sokowirowka|wyciskarka|centrifugadora|espremedor',
  ],
  [
    '4532',
    'food steamers|multicookers|slow cookers|rice cookers|vaporiera|cuociriso|multicooker|pentola elettrica|dampfgarer|reiskocher|schongarer|cuiseur vapeur|cuiseur a riz|mijoteuse|olla lenta|arrocera|stoomkoker|rijstkoker|parowar|panela eletrica|bimby',
  ],
  [
    '7165',
    'electric grills|contact grills|bistecchiera elettrica|piastra elettrica|griglia elettrica|kontaktgrill|tischgrill|grill electrique|plancha electrica|grill|contactgrill|grill elektryczny',
  ],
  [
    '765',
    'water filters|filter jugs|caraffa filtrante|caraffe filtranti|filtro acqua|wasserfilter|tischwasserfilter|carafe filtrante|jarra filtrante|waterfilterkan|dzbanek filtrujacy|jarro filtrante|brita',
  ],
  ['752', 'knife sharpeners|affilacoltelli|messerscharfer|aiguiseur|afilador de cuchillos|messenslijper|ostrzalka|afiador de facas'],
  ['3526', 'milk frothers|montalatte|milchaufschaumer|mousseur a lait|espumador de leche|melkopschuimer|spieniacz do mleka'],
  ['4539', 'wine fridges|cantinetta vino|weinkuhlschrank|cave a vin|vinoteca'],
  [
    '6070',
    'cookware and bakeware|pots and pans|pentole|pentolame|batteria di pentole|kochgeschirr|topfe|batterie de cuisine|casseroles|bateria de cocina|ollas|pannen|garnki|panelas|trem de cozinha',
  ],
  ['654', 'cookware'],
  [
    '662',
    'frying pans|frying pan|skillets|skillet|padella|padelle|padella antiaderente|bratpfanne|pfanne|pfannen|poele|poeles|poele a frire|sarten|sartenes|koekenpan|patelnia|patelnie|frigideira|frigideiras',
  ],
  ['661', 'saucepans|saucepan|casseruola|casseruole|pentolino|tegame|kochtopf|stieltopf|casserole|cazo|cacerola|steelpan|rondel|tacho|cacarola'],
  ['663', 'stock pots|pots|pot|pentola|pentola alta|kochtopfe|suppentopf|fait tout|marmite|olla|kookpan|soeppan|garnek|panela'],
  ['660', 'pressure cookers|pentola a pressione|schnellkochtopf|autocuiseur|cocotte minute|olla a presion|snelkookpan|szybkowar|panela de pressao'],
  ['664', 'woks|wok'],
  ['657', 'dutch ovens|casserole dishes|cocotte|cocotte in ghisa|brater|bratentopf|cocotte en fonte|olla de hierro|braadpan|brytfanna'],
  [
    '640',
    'bakeware|teglia|teglie|stampo per dolci|stampi per dolci|tortiera|backform|backformen|backblech|moule a gateau|moules|molde|moldes|bandeja de horno|bakvorm|bakplaat|forma do pieczenia|blacha do pieczenia|forma de bolo|tabuleiro',
  ],
  [
    '668',
    'kitchen tools and utensils|kitchen utensils|utensili da cucina|utensili|kuchenhelfer|kuchenutensilien|ustensiles de cuisine|utensilios de cocina|keukengerei|przybory kuchenne|utensilios de cozinha',
  ],
  [
    '665',
    'kitchen knives|kitchen knife|chef knife|chefs knife|knives|knife|coltello|coltelli|coltello da cuoco|coltelli da cucina|ceppo coltelli|messer|kochmesser|kuchenmesser|messerblock|couteau|couteaux|couteau de chef|cuchillo|cuchillos|cuchillo de cocinero|messen|koksmes|noz|noze|noz kuchenny|faca|facas|faca de cozinha',
  ],
  [
    '666',
    'cutting boards|chopping boards|chopping board|cutting board|tagliere|taglieri|schneidebrett|schneidebretter|planche a decouper|tabla de cortar|snijplank|deska do krojenia|tabua de cortar',
  ],
  ['653', 'colanders|strainers|colino|scolapasta|colapasta|sieb|nudelsieb|passoire|colador|escurridor|vergiet|zeef|durszlak|sitko|escorredor|coador'],
  ['3156', 'graters|grater|grattugia|grattugie|reibe|rape|rallador|rasp|tarka|ralador'],
  ['3521', 'peelers|pelapatate|sparschaler|eplucheur|pelador|dunschiller|obieraczka|descascador'],
  ['733', 'can openers|apriscatole|dosenoffner|ouvre boite|abrelatas|blikopener|otwieracz'],
  ['3475', 'measuring cups|measuring jugs|misurino|caraffa graduata|messbecher|verre doseur|jarra medidora|maatbeker|miarka'],
  ['4530', 'mixing bowls|ciotola|ciotole|ciotole per impastare|ruhrschussel|schussel|saladier|cul de poule|bol mezclador|mengkom|miska'],
  ['3196', 'spatulas|spatula|spatola|spatole|pfannenwender|spatel|spatule|espatula|szpatulka'],
  ['3597', 'whisks|whisk|frusta|fruste|schneebesen|fouet|batidor|garde|trzepaczka|batedor'],
  ['3620', 'ladles|ladle|mestolo|mestoli|schopfkelle|louche|cucharon|soeplepel|chochla|concha'],
  ['3467', 'rolling pins|mattarello|nudelholz|rouleau a patisserie|rodillo de cocina|deegroller|walek|rolo da massa'],
  ['4765', 'kitchen utensil sets|set utensili|set di utensili|kuchenhelfer set|set dustensiles|juego de utensilios'],
  [
    '670',
    'oven mitts|oven gloves|pot holders|presine|presina|guanto da forno|topflappen|ofenhandschuh|maniques|gant de cuisine|manoplas|agarradores|ovenwanten|pannenlappen|rekawice kuchenne|luvas de forno',
  ],
  ['639', 'aprons|apron|grembiule|grembiuli|kochschurze|schurze|tablier|delantal|schort|fartuch|avental'],
  ['2626', 'food storage|conservazione alimenti|conservazione|frischhaltung|conservation des aliments|conservacion de alimentos|voedselopslag|przechowywanie zywnosci|conservacao'],
  [
    '667',
    'food storage containers|food containers|lunch boxes|contenitori per alimenti|contenitore per alimenti|contenitori ermetici|contenitore ermetico|barattolo|barattoli|vasetti|frischhaltedosen|frischhaltedose|vorratsdosen|vorratsglas|boite hermetique|boites de conservation|bocal|recipiente hermetico|tupper|tupperware|fiambrera|taper|vershoudbakje|vershoudbakjes|voorraadpot|pojemnik na zywnosc|pojemniki|caixa hermetica|caixas hermeticas|frasco',
  ],
  [
    '3110',
    'food wraps|cling film|aluminium foil|aluminum foil|pellicola|pellicola trasparente|carta stagnola|alluminio|carta forno|frischhaltefolie|alufolie|backpapier|film alimentaire|papier aluminium|papier cuisson|film transparente|papel de aluminio|papel de horno|huishoudfolie|aluminiumfolie|bakpapier|folia spozywcza|folia aluminiowa|papier do pieczenia|pelicula aderente|papel vegetal',
  ],
  [
    '3591',
    'food storage bags|freezer bags|sacchetti gelo|sacchetti freezer|sacchetti alimenti|gefrierbeutel|sacs congelation|bolsas de congelacion|vriezerzakjes|woreczki do zamrazania|sacos de congelacao',
  ],
  ['669', 'lunch bags|lunch box|portapranzo|schiscetta|brotdose|lunchbox|boite a lunch|lunchera|broodtrommel|sniadaniowka|lancheira'],
  [
    '3809',
    'water bottles|water bottle|reusable bottles|drinking bottles|borraccia|borracce|borraccia termica|trinkflasche|trinkflaschen|gourde|gourdes|botella de agua|cantimplora|botella reutilizable|drinkfles|waterfles|bidon|butelka na wode|garrafa de agua|garrafa reutilizavel|cantil',
  ],
  [
    '3800',
    'thermoses|thermos|vacuum flasks|thermos flask|travel mugs|thermal mugs|termos|thermosflasche|isolierflasche|thermobecher|bouteille isotherme|mug isotherme|termo|termo de cafe|thermosfles|thermosbeker|kubek termiczny|garrafa termica|caneca termica',
  ],
  ['1017', 'cool boxes|coolers|borsa frigo|ghiacciaia|kuhlbox|kuhltasche|glaciere|nevera portatil|koelbox|koeltas|torba termiczna|lodowka turystyczna|geleira'],
  ['672', 'tableware|stoviglie|geschirr|vaisselle|vajilla|servies|zastawa stolowa|loica|tavola|art de la table'],
  ['673', 'dinnerware|servizio di piatti|servizio piatti|tafelservice|service de table|vajilla completa|serviesgoed'],
  ['3553', 'plates|plate|dinner plates|piatto|piatti|piatti piani|piatti fondi|teller|assiette|assiettes|plato|platos|bord|borden|talerz|talerze|prato|pratos'],
  ['3498', 'bowls|bowl|scodella|scodelle|coppette|schale|schalen|bol|bols|cuenco|cuencos|kom|kommen|miseczka|tigela'],
  ['674', 'drinkware|bicchieri|trinkglaser|verres|vasos|glazen|szklanki|copos|glasses|glassware'],
  ['2169', 'mugs|mug|tazza|tazze|tazza mug|tazzone|becher|kaffeebecher|tasse|tasses|taza|tazas|mok|mokken|kubek|kubki|caneca|canecas|coffee mug'],
  ['6049', 'coffee cups|tea cups|tazzine|tazzina|tazzine da caffe|espressotassen|kaffeetassen|tasses a cafe|tazas de cafe|koffiekopjes|filizanki|chavenas'],
  ['2951', 'tumblers|bicchiere|bicchieri acqua|wasserglaser|verre a eau|vaso de agua|waterglas|szklanka|copo'],
  ['2712', 'wine glasses|stemware|calici|calice|bicchieri da vino|weinglaser|weinglas|verres a vin|copas de vino|wijnglazen|kieliszki|copos de vinho'],
  ['7568', 'beer glasses|boccale|bicchieri da birra|bierglaser|verres a biere|jarras de cerveza|bierglazen'],
  ['675', 'flatware|cutlery|posate|set posate|besteck|besteckset|couverts|menagere|cuberteria|cubiertos|bestek|sztucce|talheres|faqueiro'],
  ['652', 'teapots|coffee servers|teiera|teiere|teekanne|theiere|tetera|theepot|dzbanek do herbaty|bule'],
  ['3330', 'carafes|pitchers|jugs|caraffa|caraffe|brocca|karaffe|krug|carafe|pichet|jarra|karaf|karafka|dzbanek|jarro'],
  ['4009', 'serving trays|trays|vassoio|vassoi|tablett|serviertablett|plateau|bandeja|dienblad|taca|tabuleiro de servir'],
  ['677', 'trivets|sottopentola|topfuntersetzer|dessous de plat|salvamanteles|pannenonderzetter'],
  [
    '676',
    'salt and pepper shakers|macinapepe|spargisale|pfeffermuhle|salzstreuer|moulin a poivre|saliere|salero|molinillo de pimienta|pepermolen|zoutvaatje|mlynek do pieprzu|moinho de pimenta',
  ],
  ['4171', 'linens and bedding|biancheria|tessili|heimtextilien|linge de maison|textil hogar|huishoudtextiel|tekstylia domowe|textil lar'],
  ['569', 'bedding|biancheria da letto|completo letto|parure letto|bettwasche|linge de lit|parure de lit|ropa de cama|beddengoed|posciel|roupa de cama'],
  [
    '2314',
    'bed sheets|sheets|fitted sheets|flat sheets|lenzuola|lenzuolo|lenzuolo con angoli|spannbettlaken|bettlaken|laken|drap|draps|drap housse|sabana|sabanas|sabana bajera|hoeslaken|przescieradlo|lencol|lencois',
  ],
  ['2541', 'duvet covers|copripiumino|copripiumini|bettbezug|bettbezuge|housse de couette|funda nordica|dekbedovertrek|poszwa|capa de edredao'],
  ['505287', 'duvets|quilts|comforters|piumino|piumone|trapunta|trapunte|bettdecke|steppdecke|daunendecke|couette|edredon|nordico|dekbed|koldra|edredao'],
  [
    '2700',
    'pillows|pillow|bed pillows|cuscino|cuscini|guanciale|guanciali|kopfkissen|kissen|oreiller|oreillers|almohada|almohadas|hoofdkussen|kussen|poduszka|poduszki|almofada|travesseiro',
  ],
  ['2927', 'pillowcases|federe|federa|kissenbezug|kissenbezuge|taie doreiller|funda de almohada|kussensloop|poszewka|fronha'],
  ['1985', 'blankets|blanket|throws|coperta|coperte|plaid|decke|wolldecke|kuscheldecke|couverture|manta|mantas|deken|koc|koce|cobertor'],
  [
    '4452',
    'mattress protectors|coprimaterasso|coprimaterassi|matratzenschoner|matratzenschutz|protege matelas|protector de colchon|matrasbeschermer|ochraniacz na materac|protetor de colchao',
  ],
  ['4077', 'towels|asciugamani|handtucher|serviettes de bain|toallas|handdoeken|reczniki|toalhas'],
  [
    '576',
    'bath towels|bath towel|hand towels|washcloths|asciugamano|telo bagno|teli bagno|accappatoio|handtuch|badetuch|duschtuch|gastehandtuch|serviette de bain|drap de bain|gant de toilette|toalla de bano|toalla de ducha|badhanddoek|handdoek|washandje|recznik|recznik kapielowy|toalha de banho|toalha de rosto',
  ],
  ['4126', 'beach towels|telo mare|teli mare|strandtuch|serviette de plage|toalla de playa|strandlaken|recznik plazowy|toalha de praia'],
  [
    '4257',
    'kitchen towels|tea towels|strofinacci|canovacci|geschirrtuch|geschirrtucher|torchon|torchons|trapo de cocina|pano de cocina|theedoek|theedoeken|sciereczka kuchenna|pano de cozinha',
  ],
  ['601', 'table linens|tessili da tavola|tischwasche|linge de table|manteleria|tafellinnen'],
  ['4143', 'tablecloths|tablecloth|tovaglia|tovaglie|tischdecke|tischdecken|nappe|nappes|mantel|manteles|tafelkleed|obrus|toalha de mesa'],
  ['2547', 'placemats|tovagliette|tovaglietta|tischset|platzset|set de table|mantel individual|placemat|podkladka|individual'],
  ['594', 'lighting|illuminazione|luci|beleuchtung|leuchten|eclairage|luminaires|iluminacion|verlichting|oswietlenie|iluminacao'],
  [
    '2425',
    'light bulbs|bulbs|lamps bulbs|lampadine|lampadina|leuchtmittel|gluhbirne|gluhbirnen|ampoule|ampoules|bombilla|bombillas|gloeilamp|gloeilampen|zarowka|zarowki|lampadas',
  ],
  [
    '3329',
    'led bulbs|led bulb|led lamps|smart bulb|smart bulbs|led light bulbs|lampadina led|lampadine led|led lampe|led leuchtmittel|led birne|ampoule led|ampoules led|bombilla led|bombillas led|ledlamp|led lampen|zarowka led|zarowki led|lampada led|lampadas led',
  ],
  [
    '4636',
    'lamps|lamp|table lamps|floor lamps|desk lamps|lampada|lampade|lampada da tavolo|lampada da terra|piantana|lampada da scrivania|lampada da comodino|lampe|lampen|tischlampe|tischleuchte|stehlampe|stehleuchte|schreibtischlampe|lampe de chevet|lampadaire|lampe de bureau|lampara|lamparas|lampara de mesa|lampara de pie|flexo|tafellamp|vloerlamp|bureaulamp|lampa|lampka|lampa stolowa|lampa podlogowa|candeeiro|candeeiro de mesa|candeeiro de pe',
  ],
  [
    '3006',
    'lighting fixtures|light fixtures|plafoniera|plafoniere|lampadario|lampadari|applique|faretti|deckenleuchte|deckenlampe|wandleuchte|kronleuchter|plafonnier|lustre|applique murale|plafon|lampara de techo|aplique|plafondlamp|wandlamp|kroonluchter|lampa sufitowa|kinkiet|zyrandol|candeeiro de teto',
  ],
  ['2249', 'chandeliers|chandelier|lampadario a gocce|lustre a pampilles|aranya'],
  [
    '2608',
    'light strings|fairy lights|string lights|led strips|led strip|striscia led|strisce led|catena luminosa|lucine|lichterkette|led streifen|guirlande lumineuse|ruban led|guirnalda de luces|tira led|lichtsnoer|ledstrip|lancuch swietlny|tasma led|fita led',
  ],
  ['505826', 'night lights|luce notturna|lucina notturna|nachtlicht|veilleuse|luz nocturna|nachtlampje|lampka nocna|luz de presenca'],
  ['1546', 'floodlights|spotlights|faro led|proiettore led|strahler|fluter|projecteur|foco led|schijnwerper|naswietlacz|projetor led'],
  [
    '696',
    'decor|home decoration|decorazioni|decorazione|complementi darredo|oggettistica|dekoration|deko|wohnaccessoires|decoration|deco|decoracion|decoratie|woonaccessoires|dekoracje|decoracao',
  ],
  [
    '588',
    'candles|candle|scented candles|candela|candele|candela profumata|candele profumate|kerze|kerzen|duftkerze|duftkerzen|bougie|bougies|bougie parfumee|vela|velas|vela aromatica|kaars|kaarsen|geurkaars|swieca|swiece|swieczka|swieczki|vela perfumada',
  ],
  ['592', 'home fragrances|profumatori per ambiente|profumi per la casa|raumduft|raumdufte|parfum dinterieur|ambientadores|huisparfum|zapachy do domu'],
  [
    '3898',
    'air fresheners|air freshener|deodorante per ambienti|deodoranti ambiente|profumatore ambiente|diffusore di fragranza|diffusore a bastoncini|deodorante auto|lufterfrischer|duftstecker|raumspray|desodorisant|diffuseur de parfum|ambientador|ambientador electrico|luchtverfrisser|geurverspreider|odswiezacz powietrza|ambientador de casa',
  ],
  ['3686', 'incense|incenso|incensi|bastoncini di incenso|raucherstabchen|encens|incienso|wierook|kadzidelka'],
  ['5847', 'fragrance oils|essential oils|olio essenziale|oli essenziali|atherisches ol|duftol|huile essentielle|aceite esencial|etherische olie|olejek eteryczny|oleo essencial'],
  [
    '597',
    'picture frames|photo frames|photo frame|cornice|cornici|portafoto|cornice portafoto|bilderrahmen|fotorahmen|cadre photo|cadres photo|portarretratos|marco de fotos|fotolijst|fotolijstje|ramka na zdjecia|ramka|moldura|porta retratos',
  ],
  ['595', 'mirrors|mirror|specchio|specchi|spiegel|miroir|espejo|lustro|espelho'],
  [
    '3890',
    'clocks|clock|orologio da parete|orologi da parete|orologio da tavolo|wanduhr|uhr|horloge|horloge murale|reloj de pared|klok|wandklok|zegar|zegar scienny|relogio de parede',
  ],
  ['4546', 'alarm clocks|alarm clock|sveglia|sveglie|wecker|reveil|despertador|wekker|budzik'],
  ['602', 'vases|vase|vaso|vasi|vaso decorativo|vasen|jarron|florero|jarrones|vaas|wazon|jarra decorativa|vaso de flores'],
  ['598', 'rugs|rug|carpets|carpet|tappeto|tappeti|passatoia|teppich|teppiche|laufer|tapis|alfombra|alfombras|vloerkleed|tapijt|dywan|dywany|chodnik|tapete'],
  ['2675', 'door mats|doormat|zerbino|zerbini|fussmatte|schmutzfangmatte|paillasson|felpudo|deurmat|wycieraczka|capacho'],
  [
    '4454',
    'throw pillows|cushions|decorative pillows|cuscino decorativo|cuscini arredo|federa cuscino divano|dekokissen|zierkissen|sofakissen|coussin|coussins|cojin|cojines|sierkussen|poduszka dekoracyjna|almofada decorativa',
  ],
  ['603', 'window treatments|tendaggi|cortinados'],
  [
    '2882',
    'curtains|curtain|drapes|tenda|tende|tenda oscurante|tende a pannello|vorhang|vorhange|gardine|gardinen|verdunkelungsvorhang|rideau|rideaux|voilage|cortina|cortinas|gordijn|gordijnen|zaslona|zaslony|firana|firany|cortinado',
  ],
  ['2885', 'blinds|roller blinds|tende a rullo|veneziane|tapparelle|rollo|jalousie|plissee|store enrouleur|store|estor|estores|persiana|rolgordijn|jaloezie|roleta|rolety|estore'],
  [
    '596',
    'christmas decorations|holiday decorations|addobbi natalizi|decorazioni natalizie|weihnachtsdeko|weihnachtsdekoration|decorations de noel|adornos navidenos|kerstversiering|ozdoby swiateczne|decoracoes de natal',
  ],
  ['3144', 'christmas ornaments|palline di natale|pallina di natale|christbaumkugeln|weihnachtskugeln|boules de noel|bolas de navidad|kerstballen|bombki|bolas de natal'],
  ['6267', 'wreaths|garlands|ghirlanda|ghirlande|kranz|girlande|couronne|guirlande|corona|guirnalda|krans|wieniec|girlanda|coroa'],
  ['573', 'baskets|cesto|cesti|korb|korbe|panier|paniers|cesta|cestas|mand|manden|kosz'],
  ['574', 'bathroom accessories|accessori bagno|badaccessoires|accessoires salle de bain|accesorios de bano|badkameraccessoires|akcesoria lazienkowe|acessorios de casa de banho'],
  ['4971', 'soap dispensers|dispenser sapone|dosatore sapone|seifenspender|distributeur de savon|dispensador de jabon|zeepdispenser|dozownik mydla|doseador de sabonete'],
  ['580', 'shower curtains|tenda doccia|duschvorhang|rideau de douche|cortina de ducha|douchegordijn|zaslona prysznicowa|cortina de duche'],
  ['577', 'bath mats|tappeto bagno|tappetino bagno|badematte|badvorleger|tapis de bain|alfombra de bano|badmat|dywanik lazienkowy|tapete de banho'],
  ['583', 'toilet brushes|scopino|scopino wc|toilettenburste|kloburste|brosse wc|escobilla|toiletborstel|szczotka do wc|piacaba'],
  ['586', 'towel racks|portasciugamani|handtuchhalter|porte serviettes|toallero|handdoekrek|wieszak na reczniki|toalheiro'],
  ['436', 'furniture|mobili|mobel|meubles|muebles|meubels|meble|moveis'],
  ['443', 'chairs|chair|sedia|sedie|poltrona|stuhl|stuhle|sessel|chaise|chaises|fauteuil|silla|sillas|sillon|stoel|stoelen|krzeslo|krzesla|fotel|cadeira|cadeiras'],
  ['6392', 'tables|tavolo|tavoli|tavolino|tisch|tische|couchtisch|table basse|mesa|mesas|mesa de centro|tafel|tafels|salontafel|stol|stolik'],
  ['464', 'shelves|shelf|mensola|mensole|scaffale|libreria|regal|regale|wandregal|etagere|etageres|estanteria|estante|estantes|plank|boekenkast|kast|polka|polki|prateleira'],
  ['1679', 'fire and gas safety|sicurezza antincendio|brandschutz'],
  ['1471', 'smoke detectors|smoke alarm|rilevatore di fumo|rilevatori di fumo|rauchmelder|detecteur de fumee|detector de humo|rookmelder|czujnik dymu|detetor de fumo'],
  ['2164', 'carbon monoxide detectors|rilevatore di monossido|kohlenmonoxidmelder|detecteur de monoxyde|detector de monoxido'],
  ['1434', 'fire extinguishers|estintore|estintori|feuerloscher|extincteur|extintor|brandblusser|gasnica'],
  ['3355', 'household thermometers|termometro ambiente|termoigrometro|stazione meteo|raumthermometer|thermometre interieur|termometro de ambiente|kamerthermometer'],
];

const ELECTRONICS: ProductWords = [
  ['222', 'electronics|elettronica|consumer electronics|unterhaltungselektronik|elektronik|electronique|electronica|elektronica|elektronika|eletronica|electronic devices'],
  ['278', 'computers|computer|pc|personal computer|rechner|ordinateur|ordinateurs|ordenador|ordenadores|computadora|komputer|komputery|computador|computadores|informatica'],
  [
    '328',
    'laptops|laptop|notebooks|notebook|notebook pc|portable computers|ultrabook|chromebook|computer portatile|portatili|pc portatile|klapprechner|ordinateur portable|pc portable|ordenador portatil|laptopy|laptopa|computador portatil|notebooki',
  ],
  [
    '325',
    'desktop computers|desktop pc|desktop|all in one pc|all in one|pc fisso|computer fisso|desktop rechner|ordinateur de bureau|ordenador de sobremesa|desktopcomputer|komputer stacjonarny|computador de secretaria|pcs workstations|mini pc|workstation',
  ],
  ['5254', 'barebone computers|barebones|pc workstation barebones|barebone'],
  ['4745', 'tablet|tablet computers|tablet pc|tablette|tablettes|tableta|tabletas|tablety'],
  [
    '3539',
    'e book readers|e readers|e reader|ereader|ebook reader|ebook readers|lettore ebook|lettore di ebook|e book reader|liseuse|lector de libros electronicos|lector de ebooks|czytnik ebookow|czytnik e bookow|leitor de ebooks',
  ],
  ['262', 'communications|telecomunicazioni|telekommunikation|telecommunications|telecomunicaciones'],
  ['270', 'telephony|telefonia|telefonie'],
  [
    '267',
    'mobile phones|mobile phone|smartphones|smartphone|cell phones|cell phone|cellulare|cellulari|telefono cellulare|telefonino|handys|mobiltelefon|telephone portable|telephone mobile|movil|moviles|telefono movil|telefono celular|mobiele telefoon|gsm|telefon komorkowy|smartfon|smartfony|telemovel|telemoveis|telefone celular|unlocked phones',
  ],
  ['271', 'corded phones|landline phones|telefono fisso|telefoni fissi|festnetztelefon|telephone fixe|telefono fijo|vaste telefoon|telefon stacjonarny|telefone fixo'],
  [
    '272',
    'cordless phones|dect phones|telefono cordless|schnurloses telefon|dect telefon|telephone sans fil|telefono inalambrico|draadloze telefoon|telefon bezprzewodowy|telefone sem fios',
  ],
  [
    '264',
    'mobile phone accessories|accessori smartphone|accessori cellulari|handyzubehor|smartphone zubehor|accessoires smartphone|accesorios para moviles|telefoonaccessoires|akcesoria gsm|acessorios telemovel',
  ],
  [
    '2353',
    'mobile phone cases|phone cases|phone case|smartphone cases|custodia|custodie|cover smartphone|custodia smartphone|custodia per smartphone|cover iphone|custodia iphone|cover cellulare|handyhulle|handyhullen|schutzhulle|hulle|coque|coques|etui|etui telephone|funda|fundas|funda movil|carcasa|hoesje|hoesjes|telefoonhoesje|obudowa|pokrowiec|futeral|capa|capas|capa telemovel|folio cases|flip cases|bumper',
  ],
  [
    '5468',
    'screen protectors|screen protector|tempered glass|pellicola protettiva|pellicola vetro temperato|vetro temperato|pellicole|panzerglas|displayschutzfolie|schutzglas|verre trempe|protection ecran|film protecteur|protector de pantalla|cristal templado|screenprotector|szklo hartowane|folia ochronna|pelicula de ecra|vidro temperado',
  ],
  [
    '5566',
    'phone stands|phone holders|car phone holders|supporto smartphone|supporto auto|porta cellulare|handyhalterung|kfz halterung|support telephone|soporte movil|telefoonhouder|uchwyt na telefon|suporte telemovel',
  ],
  ['223', 'audio|audio components|home audio|hifi|hi fi|audio video|audio e hifi'],
  [
    '505771',
    'headphones and headsets|headphones|headphone|headsets|headset|earphones|earbuds|in ear headphones|true wireless earbuds|wireless earbuds|cuffie|cuffia|auricolari|auricolare|cuffie bluetooth|cuffie wireless|auricolari bluetooth|auricolari wireless|kopfhorer|ohrhorer|in ear kopfhorer|casque|casque audio|ecouteurs|ecouteurs sans fil|auriculares|cascos|auriculares inalambricos|koptelefoon|oordopjes|hoofdtelefoon|sluchawki|sluchawki bezprzewodowe|sluchawki douszne|fones|auscultadores|auriculares bluetooth|airpods',
  ],
  ['543626', 'over ear headphones|on ear headphones|cuffie over ear|over ear kopfhorer'],
  ['543627', 'gaming headsets|headset gaming|cuffie gaming|cuffie con microfono|headset mit mikrofon|casque gaming|auriculares gaming'],
  [
    '249',
    'speakers|speaker|loudspeakers|portable speakers|portable speaker|bluetooth speakers|bluetooth speaker|smart speakers|soundbars|soundbar|casse|cassa|cassa bluetooth|casse bluetooth|altoparlante|altoparlanti|diffusori|cassa portatile|lautsprecher|bluetooth lautsprecher|boxen|enceinte|enceintes|enceinte bluetooth|enceinte portable|barre de son|altavoz|altavoces|altavoz bluetooth|barra de sonido|luidspreker|luidsprekers|glosnik|glosniki|glosnik bluetooth|coluna|colunas|coluna bluetooth|barra de som|stereo portable speaker|mono portable speaker',
  ],
  ['234', 'microphones|microphone|microfono|microfoni|mikrofon|micro|microfoon|microfone'],
  ['224', 'amplifiers|amplificatore|verstarker|amplificateur|amplificador|versterker|wzmacniacz'],
  ['241', 'av receivers|audio video receivers|sintoamplificatore|av receiver|ampli home cinema|receptor av'],
  ['252', 'home theater systems|home cinema|home theatre|sistema home theater|heimkino|barre de son home cinema|cine en casa|thuisbioscoop|kino domowe'],
  ['6886', 'radios|radio|radio dab|radio portatile|radiosveglia|digitalradio|dab radio|radio reveil|radio portatil|wekkerradio|radio cyfrowe|radio despertador'],
  ['256', 'turntables|record players|giradischi|plattenspieler|platine vinyle|tocadiscos|platenspeler|gramofon|gira discos'],
  ['233', 'mp3 players|lettore mp3|mp3 player|lecteur mp3|reproductor mp3|odtwarzacz mp3|leitor mp3'],
  ['244', 'voice recorders|registratore vocale|diktiergerat|dictaphone|grabadora de voz|dictafoon|dyktafon'],
  ['386', 'tv e video|tv und video|tv et video|tv y video'],
  [
    '404',
    'televisions|television|tvs|tv|smart tv|smart tvs|led tv|oled tv|qled tv|4k tv|uhd tv|televisore|televisori|tv led|tv 4k|fernseher|fernsehgerat|fernsehgerate|televiseur|televiseurs|televisor|televisores|televisie|tv toestel|telewizor|telewizory|televisao',
  ],
  [
    '305',
    'computer monitors|computer monitor|monitors|monitor|pc monitor|gaming monitor|monitor pc|monitor gaming|bildschirm|ecran pc|ecran dordinateur|moniteur|monitor de ordenador|pantalla|beeldscherm|monitor komputerowy|ecra|monitor de computador',
  ],
  ['396', 'projectors|projector|videoproiettore|proiettore|beamer|projektor|videoprojecteur|proyector|projetor'],
  [
    '5276',
    'streaming media players|media players|streaming devices|tv box|tv stick|fire tv stick|chromecast|apple tv|android tv box|mediaplayer|lecteur multimedia|reproductor multimedia',
  ],
  [
    '388',
    'dvd players|blu ray players|blu ray player|lettore dvd|lettore blu ray|dvd player|lecteur dvd|lecteur blu ray|reproductor dvd|reproductor blu ray|dvd speler|odtwarzacz dvd|leitor dvd',
  ],
  [
    '403',
    'tv accessories|tv mounts|tv wall mounts|staffa tv|supporto tv|supporto da parete tv|tv wandhalterung|support mural tv|soporte tv|soporte de pared tv|tv beugel|uchwyt do telewizora|suporte tv',
  ],
  ['5561', 'satellite receivers|decoder|decoder tv|decoder satellitare|decoder dvb t2|sat receiver|receiver|decodeur|decodificador|ontvanger|dekoder|descodificador'],
  [
    '2082',
    'electronics accessories|accessori elettronici|accessori pc|accessori informatica|pc zubehor|computerzubehor|accessoires informatiques|accesorios informaticos|computeraccessoires|akcesoria komputerowe|acessorios informatica',
  ],
  ['285', 'computer components|componenti pc|pc komponenten|composants pc|componentes pc|pc componenten|podzespoly komputerowe'],
  ['1928', 'input devices|periferiche di input|eingabegerate|peripheriques dentree'],
  [
    '304',
    'mice|mouse|computer mice|wireless mouse|gaming mouse|mouse wireless|mouse bluetooth|mouse da gaming|maus|mause|kabellose maus|funkmaus|souris|souris sans fil|raton|ratones|raton inalambrico|muis|muizen|draadloze muis|mysz|myszka|myszka bezprzewodowa|rato|ratos|trackball|trackballs',
  ],
  [
    '303',
    'keyboards|keyboard|computer keyboards|wireless keyboard|gaming keyboard|mechanical keyboard|tastiera|tastiere|tastiera wireless|tastiera meccanica|tastatur|tastaturen|kabellose tastatur|clavier|claviers|clavier sans fil|teclado|teclados|teclado inalambrico|toetsenbord|toetsenborden|klawiatura|klawiatury|keyboard and mouse',
  ],
  ['301', 'game controllers|gaming controllers|controller|controllers'],
  ['543589', 'gamepads|gamepad|joypad|controller wireless|controller per console|manette|manette de jeu|mando|mandos|mando inalambrico|gamecontroller|kontroler|comando|comandos'],
  ['543591', 'racing wheels|volante gaming|lenkrad|volant gaming|volante'],
  ['302', 'graphics tablets|tavoletta grafica|grafiktablett|tablette graphique|tableta grafica|tekentablet|tablet graficzny|mesa digitalizadora'],
  ['311', 'usb hubs|usb hub|hub usb|docking stations|usb c hub|hub|hubs'],
  ['300', 'laptop docking stations|docking station|dockingstation|station daccueil|base de conexion|stacja dokujaca'],
  ['2414', 'storage devices|archiviazione|memorie di massa|datenspeicher|speichermedien|stockage|almacenamiento|pamieci masowe|armazenamento'],
  [
    '380',
    'hard drives|hard drive|hard disks|hard disk|hdd|ssd|ssds|solid state drives|internal solid state drives|internal hard drives|external hard drives|external solid state drives|disco rigido|dischi rigidi|hard disk esterno|ssd esterno|ssd interno|unita a stato solido|festplatte|festplatten|externe festplatte|disque dur|disque dur externe|disque ssd|disco duro|disco duro externo|unidad ssd|harde schijf|externe harde schijf|dysk twardy|dysk ssd|dysk zewnetrzny|disco rigido externo|disco externo|nvme|m 2 ssd',
  ],
  [
    '3712',
    'usb flash drives|usb flash drive|usb sticks|usb stick|flash drive|pen drive|pendrive|pen drives|chiavetta usb|chiavette usb|memoria usb|usb speicherstick|cle usb|cles usb|lapiz usb|pamiec usb|pen usb',
  ],
  ['5269', 'nas|network storage|network attached storage|nas server'],
  ['377', 'optical drives|masterizzatore|lettore cd|dvd brenner|graveur dvd|grabadora dvd'],
  ['288', 'memory|computer memory|memorie'],
  [
    '1733',
    'ram|ram memory|memory modules|memoria ram|memorie ram|arbeitsspeicher|ram speicher|memoire vive|barrette memoire|werkgeheugen|pamiec ram|modulo de memoria|ddr4|ddr5|dimm|sodimm',
  ],
  ['384', 'flash memory'],
  [
    '3387',
    'memory cards|memory card|flash memory cards|sd cards|sd card|micro sd|microsd|microsdxc|microsdhc|sdxc|sdhc|scheda di memoria|schede di memoria|scheda sd|scheda micro sd|speicherkarte|speicherkarten|sd karte|microsd karte|carte memoire|carte sd|carte micro sd|tarjeta de memoria|tarjeta sd|tarjeta micro sd|geheugenkaart|sd kaart|karta pamieci|karta sd|karta microsd|cartao de memoria|cartao sd|compactflash',
  ],
  ['292', 'processors|processor|cpu|cpus|processore|processori|prozessor|prozessoren|processeur|procesador|procesadores|procesor|processador'],
  [
    '297',
    'graphics cards|graphic cards|video cards|gpu|scheda video|schede video|scheda grafica|grafikkarte|grafikkarten|carte graphique|tarjeta grafica|videokaart|grafische kaart|karta graficzna|placa grafica',
  ],
  ['291', 'power supplies|power supply units|psu|alimentatore pc|pc netzteil|alimentation pc|fuente de alimentacion|voeding|zasilacz|fonte de alimentacao'],
  ['296', 'computer cases|pc cases|case pc|cabinet pc|pc gehause|gehause|boitier pc|caja de ordenador|torre pc|computerbehuizing|obudowa komputerowa|caixa pc'],
  ['295', 'cpu coolers|cooling|dissipatore|ventola pc|cpu kuhler|luftkuhler|ventirad|disipador|ventilador cpu|koeler|chlodzenie'],
  ['289', 'motherboards|motherboard|scheda madre|schede madri|mainboard|carte mere|placa base|placa madre|moederbord|plyta glowna|placa mae'],
  [
    '287',
    'network adapters|network cards|schede di rete|adattatore wifi|wlan adapter|netzwerkkarte|carte reseau|adaptateur wifi|tarjeta de red|adaptador wifi|netwerkkaart|karta sieciowa',
  ],
  ['342', 'networking|netzwerk|reseau|redes|netwerk|sieci|networking products'],
  [
    '5497',
    'wireless routers|wifi routers|wifi router|router|routers|router wifi|modem router|wlan router|routeur|routeur wifi|router inalambrico|enrutador|draadloze router|router bezprzewodowy|router wi fi|mesh wifi|mesh system|fritzbox|fritz box',
  ],
  ['343', 'modems|modem|modem adsl|dsl modem|modem routeur'],
  [
    '5496',
    'access points|wireless access points|access point|repeater|wifi repeater|range extender|ripetitore wifi|ripetitore|wlan repeater|repeteur wifi|amplificador wifi|repetidor wifi|wifi versterker|wzmacniacz wifi|repetidor',
  ],
  ['2455', 'network switches|switch|switches|switch di rete|netzwerk switch|commutateur|conmutador|netwerkswitch|przelacznik'],
  ['6508', 'powerline adapters|adattatore powerline|powerline|cpl|adaptador plc'],
  ['345', 'print copy scan fax|stampanti e scanner|drucker und scanner|imprimantes et scanners'],
  [
    '500106',
    'printers|printer|multifunction printers|multifunctionals|all in one printers|laser printers|inkjet printers|photo printers|stampante|stampanti|stampante multifunzione|stampante laser|stampante inkjet|stampante a getto dinchiostro|drucker|multifunktionsdrucker|laserdrucker|tintenstrahldrucker|imprimante|imprimantes|imprimante multifonction|imprimante laser|impresora|impresoras|impresora multifuncion|impresora laser|laserprinter|drukarka|drukarki|drukarka laserowa|drukarka atramentowa|impressora|impressoras|impressora multifuncoes|thermal inkjet|copiers|fotocopiatrice|fax',
  ],
  ['6865', '3d printers|3d printer|stampante 3d|3d drucker|imprimante 3d|impresora 3d|drukarka 3d|impressora 3d'],
  [
    '306',
    'scanners|scanner|document scanners|flatbed scanners|scanner per documenti|dokumentenscanner|scanner de documents|escaner|escaneres|documentscanner|skaner|digitalizador',
  ],
  [
    '5258',
    'printer consumables|materiali di consumo|consumabili|druckerzubehor|verbrauchsmaterial|consommables|consumibles|printerbenodigdheden|materialy eksploatacyjne|consumiveis',
  ],
  [
    '356',
    'ink cartridges|ink cartridge|toner cartridges|toner cartridge|toner|cartuccia|cartucce|cartuccia dinchiostro|cartucce dinchiostro|cartuccia inchiostro|cartucce inchiostro|cartuccia originale|toner originale|tintenpatrone|tintenpatronen|druckerpatrone|druckerpatronen|tonerkartusche|cartouche|cartouches|cartouche dencre|cartouche de toner|cartucho|cartuchos|cartucho de tinta|cartucho de toner|inktcartridge|inktcartridges|tonercartridge|tusz|tusze|wklad atramentowy|kartridz|toner do drukarki|tinteiro|tinteiros|cartucho de tinteiro',
  ],
  ['275', 'alimentazione elettrica|stromversorgung|stroom|zasilanie'],
  [
    '276',
    'batteries|battery|household batteries|rechargeable batteries|single use battery|aa batteries|aaa batteries|button cells|batteria|batterie|pile|pila|pile alcaline|batterie ricaricabili|batterie stilo|ministilo|batterien|mignon batterien|knopfzelle|piles|piles rechargeables|pilas|pilas alcalinas|pilas recargables|batterijen|batterij|oplaadbare batterijen|baterie|bateria|baterie alkaliczne|akumulatorki|pilhas|pilhas alcalinas|baterias|akku batterien|akkus aa|akkus aaa',
  ],
  [
    '505295',
    'power adapters and chargers|chargers|charger|mobile device chargers|power adapters|power adapter|usb chargers|wireless chargers|wall chargers|car chargers|power banks|power bank|powerbank|portable chargers|caricabatterie|caricatore|caricatori|alimentatore|alimentatori|caricatore usb|caricatore wireless|caricabatterie wireless|caricabatterie da auto|batteria esterna|batterie esterne|ladegerat|ladegerate|netzteil|usb ladegerat|ladekabel|powerbanks|chargeur|chargeurs|chargeur usb|chargeur sans fil|batterie externe|adaptateur secteur|cargador|cargadores|cargador usb|cargador inalambrico|bateria externa|oplader|opladers|usb oplader|draadloze oplader|ladowarka|ladowarki|ladowarka usb|ladowarka bezprzewodowa|carregador|carregadores|indoor charger|outdoor charger|auto charger',
  ],
  [
    '3160',
    'power strips|surge protectors|extension sockets|multipresa|multipresa ciabatta|ciabatta elettrica|presa multipla|steckdosenleiste|mehrfachsteckdose|multiprise|regleta|ladron|stekkerdoos|listwa zasilajaca|extensao eletrica|triplice',
  ],
  ['7135', 'travel adapters|adattatore da viaggio|reiseadapter|adaptateur de voyage|adaptador de viaje|reisstekker|adapter podrozny|adaptador de viagem'],
  [
    '1348',
    'ups|ups units|uninterruptible power supplies|gruppo di continuita|unterbrechungsfreie stromversorgung|usv|onduleur|sai|sistema de alimentacion ininterrumpida|noodstroomvoeding|zasilacz awaryjny',
  ],
  ['259', 'cables|cable|cavi|cavo|kabel|kabels|kable|cabos|cabo|cavetto'],
  [
    '1867',
    'audio video cables|av cables|hdmi cables|hdmi cable|displayport cables|displayport cable|audio cables|optical cables|cavo hdmi|cavi hdmi|cavo displayport|cavo audio|cavo ottico|hdmi kabel|displayport kabel|audiokabel|cable hdmi|cable displayport|cable audio|kabel hdmi|cabo hdmi|jack cable|cavo jack|aux cable',
  ],
  [
    '500035',
    'usb cables|usb cable|usb c cables|usb c cable|lightning cables|lightning cable|data cables|charging cables|charging cable|cavo usb|cavi usb|cavo usb c|cavo lightning|cavo di ricarica|usb kabel|usb c kabel|lightning kabel|datenkabel|cable usb|cable usb c|cable lightning|cable de carga|oplaadkabel|kabel usb|kabel usb c|kabel do ladowania|cabo usb|cabo de carregamento',
  ],
  [
    '1480',
    'network cables|ethernet cables|ethernet cable|lan cables|lan cable|patch cables|cavo ethernet|cavo di rete|cavo lan|netzwerkkabel|lan kabel|cable ethernet|cable reseau|cable de red|netwerkkabel|kabel sieciowy|cabo de rede|cat6|cat5e|cat 6',
  ],
  [
    '1763',
    'power cables|power cords|cavo di alimentazione|cavo alimentazione|stromkabel|netzkabel|cable dalimentation|cable de alimentacion|stroomkabel|kabel zasilajacy|cabo de alimentacao',
  ],
  ['258', 'adapters|adapter|adattatore|adattatori|adaptateur|adaptateurs|adaptador|adaptadores|verloopstuk|przejsciowka|usb c adapter|usb adapter|hdmi adapter'],
  [
    '341',
    'remote controls|remote control|telecomando|telecomandi|fernbedienung|telecommande|mando a distancia|afstandsbediening|pilot|pilot do telewizora|comando a distancia|controle remoto|universal remote',
  ],
  [
    '4617',
    'electronics cleaners|cleaning kits|kit di pulizia|bombola aria compressa|aria compressa|reinigungsset|druckluftspray|bombe a air sec|aire comprimido|perslucht|sprezone powietrze',
  ],
  ['5466', 'electronics films and shields'],
  ['279', 'computer accessories'],
  ['1993', 'mouse pads|mouse pad|mousepad|tappetino mouse|tappetino per mouse|mauspad|tapis de souris|alfombrilla|alfombrilla de raton|muismat|podkladka pod mysz|tapete de rato'],
  [
    '5489',
    'laptop stands|monitor stands|supporto per laptop|supporto pc portatile|supporto monitor|laptopstander|laptop stander|monitorhalterung|support ordinateur portable|support pc|soporte portatil|soporte monitor|laptopstandaard|podstawka pod laptopa|suporte portatil',
  ],
  ['5308', 'stylus pens|stylus|pennino|penna touch|eingabestift|stylet|lapiz tactil|stylus pen|rysik|caneta stylus|apple pencil|s pen'],
  [
    '7530',
    'laptop sleeves|laptop bags|notebook bags|custodia laptop|borsa per laptop|borsa pc|zaino porta pc|laptoptasche|notebooktasche|sacoche ordinateur|housse ordinateur|funda portatil|maletin portatil|laptoptas|laptophoes|torba na laptopa|pokrowiec na laptopa|mala para portatil',
  ],
  ['141', 'cameras and optics|fotografia|foto und kamera|fotografie'],
  [
    '152',
    'digital cameras|digital camera|cameras|camera|compact cameras|mirrorless cameras|milc|dslr|dslr cameras|bridge cameras|system cameras|fotocamera|fotocamere|fotocamera digitale|fotocamera mirrorless|fotocamera reflex|reflex|macchina fotografica|digitalkamera|kamera|systemkamera|spiegelreflexkamera|kompaktkamera|appareil photo|appareil photo numerique|appareil photo hybride|reflex numerique|camara|camara digital|camara de fotos|camara reflex|camara sin espejo|digitale camera|spiegelreflexcamera|aparat|aparat fotograficzny|aparat cyfrowy|lustrzanka|bezlusterkowiec|camara fotografica|maquina fotografica',
  ],
  [
    '155',
    'video cameras|camcorders|camcorder|action cameras|action camera|videocamera|videocamere|action cam|videokamera|camescope|camera sportive|videocamara|camara deportiva|actioncam|kamera sportowa|camara de video|gopro|action sports camera|action sports cameras|sports camera|sports cameras',
  ],
  ['312', 'webcams|webcam|web cam|web camera|videocamera per pc|telecamera web|kamera internetowa|camara web'],
  [
    '362',
    'surveillance cameras|security cameras|ip cameras|ip camera|telecamera di sorveglianza|telecamera|telecamere|telecamera wifi|telecamera ip|uberwachungskamera|ip kamera|camera de surveillance|camara de vigilancia|camara ip|beveiligingscamera|kamera ip|kamera monitoringu|videosorveglianza|security camera',
  ],
  ['4432', 'camera lenses|lenses|lens|obiettivo|obiettivi|objektiv|objektive|objectif|objectifs|objetivo|objetivos|objectief|obiektyw|obiektywy|objetiva'],
  ['150', 'tripods|tripod|treppiede|treppiedi|stativ|trepied|tripode|statief|statyw|tripe'],
  ['157', 'binoculars|binocolo|binocoli|fernglas|jumelles|prismaticos|verrekijker|lornetka|binoculos'],
  [
    '1294',
    'video game consoles|game consoles|gaming consoles|console|consoles|console di gioco|console per videogiochi|playstation|playstation 5|ps5|xbox|xbox series|nintendo switch|spielkonsole|spielekonsole|konsole|console de jeux|consola|consolas|videoconsola|spelcomputer|konsola|konsola do gier|consola de jogos',
  ],
  [
    '1270',
    'video game console accessories|gaming accessories|accessori gaming|accessori console|gaming zubehor|accessoires gaming|accesorios gaming|gaming accessoires|akcesoria do konsol',
  ],
  ['1279', 'video games|videogames|videogioco|videogiochi|videospiel|videospiele|jeu video|jeux video|videojuego|videojuegos|videogame|gra|gry|gra wideo|videojogo|videojogos'],
  ['6544', 'gps trackers|tracker|localizzatore gps|gps tracker|airtag|smarttag|traceur gps|localizador gps'],
  ['339', 'gps navigation systems|navigatori|navigatore|navigatore satellitare|navigationsgerat|navi|gps auto|navegador gps|navigatiesysteem|nawigacja|navegador'],
  [
    '500009',
    'activity monitors|fitness trackers|fitness tracker|activity trackers|smartband|smart band|fitness band|braccialetto fitness|fitness armband|bracelet connecte|pulsera de actividad|activity tracker|opaska fitness|pulseira de atividade|smartwatches and sport watches|smartwatches|smartwatch|smart watch|orologio smart|montre connectee|reloj inteligente|slimme horloge|zegarek sportowy|relogio inteligente',
  ],
  [
    '2413',
    'smart home|home automation|domotica|smart plug|presa smart|presa intelligente|smarte steckdose|prise connectee|enchufe inteligente|slimme stekker|inteligentne gniazdko|tomada inteligente|hausautomation',
  ],
  ['4789', 'extension cords|prolunga|prolunghe|verlangerungskabel|rallonge|alargador|verlengsnoer|przedluzacz|extensao'],
];

/** Every list, in one. */
export const PRODUCT_WORDS: ProductWords = [...NOTHING, ...FOOD, ...HEALTH, ...BEAUTY, ...HOME, ...ELECTRONICS];
