/** Texts of the public pages (spec §1, §2.5; agronomy thresholds of §9). */
export const publicPages = {
  shared: {
    example: 'Example',
    claimsTitle: 'What we aim for',
    claimsIntro: 'These are our targets, not promises.',
    claims: {
      yield: { value: 'Up to 22%', label: 'higher yield', text: 'when problems are found and fixed earlier in the season' },
      water: {
        value: 'Up to 30%',
        label: 'less irrigation water',
        text: 'by watering when the crop needs it and waiting when rain is coming',
      },
      uptime: { value: '99.9%', label: 'uptime target', text: 'so the service is there when you need it' },
      speed: { value: 'Under 2 s', label: 'response time target', text: 'for the app to answer your requests' },
      retention: { value: '5+ years', label: 'of field history kept', text: 'so you can compare one season with the next' },
    },
    claimsNote:
      'The yield and water figures are the most we aim for on well-managed fields, not a guarantee. Results depend on your farm, the season and your practices.',
    trial: {
      free: 'Free 30-day trial',
      card: 'No credit card needed',
      setup: 'No setup fees',
      cancel: 'Cancel anytime',
      fields: 'Unlimited fields',
    },
    specs: {
      title: 'Technical specifications',
      items: {
        source: { term: 'Satellite images', value: 'Sentinel-2 (European Copernicus programme)' },
        resolution: { term: 'Detail', value: '10–30 m per pixel' },
        revisit: { term: 'New images', value: 'Every 5–10 days, when clouds allow' },
        indices: { term: 'Indices', value: 'NDVI, NDWI, NDRE and LAI' },
        crops: { term: 'Crops', value: '50+ crop varieties, including maize, soybean and tobacco' },
        minField: { term: 'Minimum field size', value: '0.5 ha (1.2 acres)' },
        forecast: { term: 'Weather', value: '7-day forecast per field' },
        retention: { term: 'Data kept', value: '5+ years of field history' },
        service: { term: 'Service targets', value: '99.9% uptime, responses under 2 s' },
      },
    },
  },

  landing: {
    heroEyebrow: 'Satellite crop monitoring for southern Africa',
    heroTitle: 'Know what your crops need, field by field',
    heroLead:
      'Murimi checks your maize, soybean, tobacco and other crops by satellite every 5–10 days. It tells you in plain words where the crop is struggling, when to irrigate and when fertilizer will pay, in the app or by SMS.',
    heroPrimary: 'Start free 30-day trial',
    heroSecondary: 'See all features',
    heroNote: 'No credit card. No setup fees. Cancel anytime. For fields of 0.5 hectares (1.2 acres) and more.',
    sample: {
      title: 'Live Field Analysis',
      caption: 'Sample reading for illustration, not data from a real farm.',
      field: 'Maize field, 12 ha',
      stage: '9 weeks after planting',
      indices: {
        ndvi: {
          name: 'NDVI',
          label: 'Crop vigour',
          value: '0.72',
          status: 'Healthy',
          meaning: 'Dense green crop. 0.5–0.9 is the healthy range; below 0.2 is bare soil or a badly stressed crop.',
        },
        ndwi: {
          name: 'NDWI',
          label: 'Water in the leaves',
          value: '0.12',
          status: 'No water stress',
          meaning: 'Water stress shows when NDWI drops below −0.2.',
        },
        ndre: {
          name: 'NDRE',
          label: 'Nitrogen',
          value: '0.45',
          status: 'Watch',
          meaning: 'Above 0.3, so no nitrogen deficiency, but below the 0.6 optimum.',
        },
      },
      mapLabel: 'NDVI map of the field',
      legend: {
        low: 'Bare or stressed (below 0.2)',
        moderate: 'Moderate (0.2–0.5)',
        healthy: 'Healthy (0.5–0.9)',
      },
      adviceTitle: 'Advice',
      advice:
        'No irrigation needed: 14 mm of rain is forecast within 48 hours. Plan the nitrogen top-dressing for after the rain, and check the pale patch in the north-east corner.',
    },
    problem: {
      title: 'The problem: crop stress is hard to see in time',
      intro: 'Most losses start small and out of sight. By the time you can see them from the edge of the field, yield is already lost.',
      items: {
        hidden: {
          title: 'Problems start out of sight',
          text: 'A shortage of nitrogen or water holds the crop back for weeks before leaves turn yellow or roll.',
        },
        size: {
          title: 'Fields are too big to walk every week',
          text: 'On 20 or 200 hectares nobody can check every corner, so a poor patch is found late or not at all.',
        },
        inputs: {
          title: 'Inputs cost too much to guess',
          text: 'Fertilizer, diesel and pumping are expensive. Spread evenly out of habit, part of it goes where it is not needed.',
        },
        connection: {
          title: 'Internet is slow and data is costly',
          text: 'Many farm tools need a fast connection. In rural areas a heavy web page can cost more in data than it is worth.',
        },
      },
    },
    solution: {
      title: 'The solution: a regular satellite check-up with clear advice',
      intro: 'Murimi turns Sentinel-2 satellite images into short, practical advice for each of your fields.',
      items: {
        see: {
          title: 'See every part of every field',
          text: 'Maps of crop vigour, leaf water and nitrogen show which part of a field needs attention, so you scout the right spot.',
        },
        act: {
          title: 'Advice you can act on',
          text: 'When to irrigate and how much, when fertilizer is due and when to hold it back, based on your soil tests and the forecast.',
        },
        alerts: {
          title: 'Alerts that reach you',
          text: 'Weather and pest alerts in the app, and by SMS where the internet is weak.',
        },
        light: {
          title: 'Made for slow connections',
          text: 'Pages are small, and the app keeps working offline: your changes are kept on the phone and sent when you are back online.',
        },
      },
    },
    steps: {
      title: 'How it works',
      items: {
        collect: {
          title: 'Satellite collection',
          text: 'Sentinel-2 satellites pass over your fields and take a new image every 5–10 days, with 10–30 m detail.',
        },
        analyse: {
          title: 'AI analysis',
          text: 'Images covered by cloud are left out. For each field we calculate NDVI, NDWI, NDRE and LAI and compare them with earlier weeks.',
        },
        recommend: {
          title: 'Smart recommendations',
          text: 'You get weekly insights and clear advice on irrigation, fertilizer and where to scout, plus weather and pest alerts.',
        },
        results: {
          title: 'Improved results',
          text: 'Acting earlier, on the right part of the field, saves water and fertilizer and protects your yield.',
        },
      },
    },
    stories: {
      title: 'What farmers tell us they need',
      note: 'Illustrative stories, based on situations farmers in the region often describe. They are not quotes from named customers.',
      items: {
        tendai: {
          quote: 'Before I buy top-dressing for the whole field, I want to know which part really needs it.',
          name: 'Tendai',
          detail: 'Maize, 8 ha',
        },
        mwila: {
          quote: 'My data bundle is small. An SMS that tells me which field to check is worth more to me than a big map.',
          name: 'Mwila',
          detail: 'Soybean, 40 ha',
        },
        chisomo: {
          quote: 'When the rains stop, I need to know: do I irrigate today, or wait for the rain in the forecast?',
          name: 'Chisomo',
          detail: 'Tobacco, 3 ha',
        },
      },
    },
    cta: {
      title: 'Try Murimi on your own fields',
      text: 'Free for 30 days, with no credit card and no setup fees. Add as many fields as you like, from 0.5 hectares. Cancel anytime.',
      primary: 'Create a free account',
      secondary: 'See pricing',
    },
  },

  features: {
    title: 'Features',
    intro:
      'Everything Murimi does to help you watch your crops from a distance and spend water and fertilizer where they pay. All features are included in every plan.',
    coreTitle: 'Core features',
    core: {
      monitoring: {
        title: 'Satellite crop monitoring',
        text: 'See how each field is growing without walking every row.',
        points: {
          indices: 'NDVI, NDWI, NDRE and LAI maps for every field',
          revisit: 'A new image every 5–10 days, when clouds allow',
          history: 'Season history to compare week with week and year with year',
          insights: 'Weekly insights that point you to the spots worth scouting',
        },
      },
      irrigation: {
        title: 'Smart irrigation',
        text: 'Water when the crop needs it, not by the calendar.',
        points: {
          signal: 'Water stress from NDWI, checked against the 7-day forecast',
          amount: 'Advice per application, normally 20–30 mm',
          rain: 'Advises waiting when more than 10 mm of rain is expected within 48 hours',
          cost: 'Less pumping, so lower energy and water costs',
        },
      },
      fertilizer: {
        title: 'Precision fertilizer recommendations',
        text: 'The right nutrient, in the right amount, at the right time.',
        points: {
          soil: 'Based on your soil tests: nitrogen, phosphorus, potassium and pH',
          ndre: 'NDRE shows where nitrogen is running short',
          suppress: 'Tells you when to hold back: nutrient already high, or heavy rain on the way',
          records: 'A record of every application you log',
        },
      },
      analytics: {
        title: 'Analytics',
        text: 'Readings turned into decisions, for one farm or a whole programme.',
        points: {
          trends: 'Trends for each field across the season',
          compare: 'Fields and seasons side by side',
          bulk: 'Bulk reporting for co-ops, NGOs and government programmes',
          dashboards: 'Funder dashboards that follow progress across many farms',
        },
      },
    },
    extrasTitle: 'More tools',
    extras: {
      mapping: {
        title: 'Interactive field mapping',
        text: 'Draw field boundaries on the satellite map with the polygon tool, or with the circle tool for centre-pivot fields.',
      },
      weather: {
        title: 'Weather integration',
        text: 'A 7-day forecast for each field, with rain and temperature, plus weather and pest alerts.',
      },
      reporting: {
        title: 'Reports with PDF export',
        text: 'Field and farm reports you can save as PDF and share with your agronomist, co-op, buyer or bank.',
      },
      insights: {
        title: 'AI insights',
        text: 'Each week, a short summary of what changed in your fields and what to do about it.',
      },
      mobile: {
        title: 'Mobile-optimised, works offline',
        text: 'Made for phones and slow networks. What you have opened stays available offline, changes are sent when you reconnect, and alerts can come by SMS.',
      },
    },
    resultsTitle: 'Results we aim for',
    ctaTitle: 'See it on your own fields',
    ctaText: 'Free for 30 days. No credit card, no setup fees, cancel anytime.',
    ctaPrimary: 'Start free trial',
    ctaSecondary: 'Read the guides',
  },

  guides: {
    title: 'Guides',
    intro: 'Step-by-step help to set up your fields and to read what the satellite shows.',
    quickStart: {
      title: 'Quick start',
      intro: 'From sign-up to your first report in five steps.',
      steps: {
        account: {
          title: 'Create your account and verify your e-mail',
          text: 'Register with your name and e-mail address, then open the link we send you to confirm it. Add your phone number if you want SMS alerts.',
        },
        field: {
          title: 'Add a field by drawing its boundary',
          text: 'On the map, trace the edge of the planted area. The minimum field size is 0.5 ha (1.2 acres). Leave out roads, buildings and water, so the readings show only your crop.',
        },
        crop: {
          title: 'Set the crop type and planting date',
          text: 'Choose the crop and enter the planting date. Advice depends on the crop and on how far it has grown.',
        },
        analysis: {
          title: 'View the satellite analysis',
          text: 'Open the field to see NDVI, NDWI, NDRE and LAI from the latest clear image. An analysis usually takes 1–3 minutes, and you can keep using the app meanwhile.',
        },
        reports: {
          title: 'Generate reports',
          text: 'Create a report for a field or a whole farm and export it as PDF to keep or to share.',
        },
      },
    },
    detailedTitle: 'Detailed guides',
    detailedIntro: 'Choose a guide to read it on this page.',
    readGuide: 'Read guide',
    readGuideLabel: 'Read guide: {{title}}',
    back: 'Back to guides',
    items: {
      satellite: {
        title: 'Satellite monitoring',
        summary: 'What NDVI, NDWI, NDRE and LAI mean, and how to read them.',
      },
      irrigation: {
        title: 'Smart irrigation',
        summary: 'How much to apply, when to wait for rain, and how to check the result.',
      },
      fertilizer: {
        title: 'Fertilizer management',
        summary: 'Reading a soil test, and when to apply or hold back fertilizer.',
      },
      fields: {
        title: 'Field management',
        summary: 'Drawing accurate boundaries and keeping farms and fields organised.',
      },
      reports: {
        title: 'Reports and analytics',
        summary: 'What a report contains, exporting PDFs and comparing seasons.',
      },
    },
    satellite: {
      intro:
        'Crops reflect sunlight differently depending on how green, how wet and how well fed they are, including in infrared light the eye cannot see. From each satellite image Murimi calculates four indices, each a number for every 10–30 m square of your field.',
      indicesTitle: 'The four indices',
      ndvi: {
        name: 'NDVI: Normalised Difference Vegetation Index',
        what: 'How much green, living leaf there is and how vigorous it is.',
        ranges: {
          low: 'Below 0.2: bare soil, or a crop that is badly stressed',
          moderate: '0.2 to 0.5: moderate; a young or sparse crop, or a crop under stress',
          healthy: '0.5 to 0.9: healthy, dense green crop',
        },
      },
      ndwi: {
        name: 'NDWI: Normalised Difference Water Index',
        what: 'How much water the leaves hold.',
        ranges: {
          low: 'Below −0.2: water stress; check soil moisture and your irrigation plan',
          ok: 'From −0.2 upwards: no sign of water stress',
        },
      },
      ndre: {
        name: 'NDRE: Normalised Difference Red Edge index',
        what: 'How much chlorophyll, and so nitrogen, the leaves hold. It keeps responding in dense crops, where NDVI stops rising.',
        ranges: {
          low: 'Below 0.3: likely nitrogen deficiency',
          middle: '0.3 to 0.6: no deficiency, but below the optimum; watch the trend',
          optimal: 'Above 0.6: optimal nitrogen status',
        },
      },
      lai: {
        name: 'LAI: Leaf Area Index',
        what: 'The area of leaves above each square metre of ground. It shows how far the canopy has developed.',
        ranges: {
          compare:
            'There is no single good value: compare it with the same crop at the same stage in earlier seasons or on neighbouring fields.',
        },
      },
      tipsTitle: 'Reading the numbers well',
      tips: {
        stage:
          'Early in the season low values are normal: the crop is small and bare soil shows between the rows. Watch the trend from image to image.',
        compare: 'Compare parts of the same field. A patch that stays lower than the rest is worth a visit.',
        clouds: 'Satellites cannot see through cloud. In the rainy season there can be more than 10 days between clear images.',
        pixel: 'Each reading covers a square of 10–30 m, so narrow features such as paths or single trees blend with what is around them.',
        scout:
          'The satellite shows where to look, not what the cause is. Walk to the spot and check for pests, disease, weeds or waterlogging before you act.',
      },
    },
    irrigation: {
      intro:
        'Irrigation advice combines three things: the water signal from the satellite (NDWI), the 7-day weather forecast for your field, and the crop with its growth stage.',
      rulesTitle: 'The rules Murimi uses',
      rules: {
        amount: 'Apply 20–30 mm per application. 1 mm of water is 1 litre on every square metre, or 10 cubic metres per hectare.',
        rain: 'Delay irrigation if more than 10 mm of rain is expected within 48 hours.',
        stress: 'Treat NDWI below −0.2 as a sign of water stress, and check the field.',
      },
      tipsTitle: 'Good practice',
      tips: {
        soil: 'Sandy soils hold little water: use the lower amount, more often. Heavier clay soils hold more: use the higher amount, less often.',
        time: 'Irrigate early in the morning or in the evening, when less water is lost to evaporation and wind.',
        stages:
          'Water stress costs the most yield around flowering: tasselling and silking in maize, flowering and pod filling in soybean.',
        check:
          'After irrigating, look at the next clear image: NDWI should recover. If one part stays low, check for blocked or leaking lines and uneven coverage.',
      },
    },
    fertilizer: {
      intro:
        'Fertilizer advice starts with a soil test. Upload your results and Murimi compares them with the ranges below, then adds what the satellite shows about nitrogen (NDRE).',
      tableTitle: 'Soil test ranges',
      tableCaption: 'Plant-available nutrients in ppm (mg per kg of soil).',
      table: {
        nutrient: 'Nutrient',
        low: 'Low',
        medium: 'Medium',
        high: 'High',
        nitrogen: 'Nitrogen (N)',
        phosphorus: 'Phosphorus (P)',
        potassium: 'Potassium (K)',
        below: 'under {{value}}',
        between: '{{low}}–{{high}}',
        above: 'over {{value}}',
      },
      ph: 'Soil pH {{min}}–{{max}} is optimal. Below {{min}}, ask your agronomist or extension officer whether the soil needs lime: in acid soil the crop takes up phosphorus and other nutrients poorly, so part of the fertilizer is wasted. Above {{max}}, phosphorus and some trace elements become less available.',
      levelsTitle: 'What each level means',
      levels: {
        low: 'Low: apply the nutrient as recommended for your crop and the yield you aim for.',
        medium: 'Medium: apply a maintenance amount to replace what the crop takes out.',
        high: 'High: hold back. Murimi advises skipping that nutrient, which saves money and keeps it out of rivers and boreholes.',
      },
      tipsTitle: 'Good practice',
      tips: {
        split:
          'Split nitrogen: give part at planting and the rest as top-dressing when the crop grows fastest. For maize this is usually 4 to 6 weeks after emergence.',
        rain: 'Do not top-dress just before heavy rain, which washes nitrogen away. Murimi holds fertilizer advice back when heavy rain is forecast.',
        ndre: 'Use the NDRE map to find the parts of the field that need nitrogen most.',
        record: 'Log each application with date, product and amount, so later advice takes it into account.',
        retest: 'Test the soil again every two to three seasons, at the same time of year, to follow the changes.',
        label: 'Always follow the product label and the recommendations of your local extension service.',
      },
    },
    fields: {
      intro: 'Accurate field boundaries make every reading and every piece of advice more accurate.',
      drawTitle: 'Drawing a field',
      draw: {
        polygon: 'Polygon tool: tap each corner of the field in turn and close the shape on the first point. Best for most fields.',
        circle: 'Circle tool: place the centre and drag out the radius. Best for centre-pivot fields.',
        size: 'Minimum size: 0.5 ha (1.2 acres). A smaller area covers too few satellite pixels for a reliable reading.',
        exclude: 'Leave out roads, buildings, dams, rivers and stands of trees. Their readings would mix with those of your crop.',
      },
      organiseTitle: 'Keeping fields organised',
      organise: {
        farms: 'Group fields under farms, for example by location.',
        oneCrop: 'One field, one crop. Where you plant two crops side by side, draw them as two fields.',
        names: 'Give fields names you recognise on the ground, such as “Dam field” or “Block 3”.',
        season: 'Each season, update the crop type and planting date, and edit the boundary if the field has changed.',
      },
    },
    reports: {
      intro: 'A report gathers what Murimi knows about a field or a farm into one document.',
      contentsTitle: 'What a report contains',
      contents: {
        indices: 'Crop health over the season: NDVI, NDWI, NDRE and LAI',
        weather: 'Rain and weather for the period',
        advice: 'The advice given, and the fertilizer and irrigation you logged',
        soil: 'Soil test results',
      },
      useTitle: 'Using reports',
      use: {
        pdf: 'Export as PDF to print, or to send to your agronomist, co-op, buyer or bank.',
        seasons: 'Compare seasons: field history is kept for 5+ years, so you can see how a field changes over time.',
        bulk: 'Co-ops, NGOs and programmes can report on many farms at once and follow progress in funder dashboards.',
        data: 'On a slow connection, create the report once and share the PDF instead of opening the maps each time.',
      },
    },
  },

  pricing: {
    title: 'Pricing',
    intro: 'Simple prices per farm, in US dollars. Try every feature free for 30 days first.',
    plansTitle: 'Choose a plan',
    mostPopular: 'Most Popular',
    perFarmMonth: 'per farm per month',
    farm: {
      name: 'Farm Pricing',
      audience: 'For individual farms, from smallholdings to large commercial farms.',
      included: 'Up to {{hectares}} ha',
      extra: 'plus {{price}} per ha per month above {{hectares}} ha',
      examplesTitle: 'Examples',
      exampleSize: '{{hectares}} ha',
      examplePrice: '{{price}} per month',
      features: {
        all: 'All monitoring, irrigation and fertilizer features',
        fields: 'Unlimited fields',
        alerts: 'Weather and pest alerts, also by SMS',
        reports: 'Reports with PDF export',
      },
      cta: 'Get Started',
    },
    bulk: {
      name: 'NGO & Bulk',
      audience: 'For co-ops, NGOs and government programmes with {{farms}}+ farms.',
      features: {
        all: 'All features for every farm',
        reporting: 'Bulk reporting across all farms',
        dashboards: 'Funder dashboards',
        sms: 'SMS alerts for farmers with little or no internet',
      },
      demo: 'Book a Demo',
      contact: 'Contact Us',
    },
    calculator: {
      title: 'Work out your monthly price',
      farmLabel: 'Farm size (ha)',
      farmHint: 'Minimum 0.5 ha. One hectare is about 2.5 acres.',
      farmInvalid: 'Enter a farm size of at least 0.5 ha.',
      bulkLabel: 'Number of farms',
      bulkHint: 'The NGO & Bulk plan starts at {{farms}} farms.',
      bulkInvalid: 'Enter a whole number of farms.',
      bulkTooFew: 'The NGO & Bulk plan starts at {{farms}} farms. With fewer farms, each farm uses Farm Pricing.',
      result: 'Monthly price',
      farmBase: 'Up to {{hectares}} ha: the base price.',
      farmBreakdown: '{{base}} for the first {{baseHectares}} ha + {{extraHectares}} ha × {{rate}}',
      bulkBreakdown: '{{farms}} farms × {{rate}}',
    },
    contact: {
      title: 'Talk to us',
      text: 'Would you like a demo for your co-op, NGO or programme, or do you have a question about prices? Write to us or call us.',
      email: 'E-mail',
      phone: 'Phone',
      fallback: 'Our e-mail address and phone number are at the bottom of this page.',
    },
    faq: {
      title: 'Questions about paying',
      items: {
        trial: {
          question: 'What happens after the free trial?',
          answer:
            'Nothing is charged automatically, because you gave no card. At the end of the 30 days you choose a plan to keep using Murimi, or you simply stop.',
        },
        fields: {
          question: 'How many fields can I add?',
          answer: 'As many as you like: fields are unlimited. On Farm Pricing the price depends on the size of the farm.',
        },
        cancel: {
          question: 'Can I cancel?',
          answer: 'Yes, at any time and without a fee. You keep access until the end of the month you have paid for.',
        },
        setup: {
          question: 'Are there other costs?',
          answer: 'No setup fees. You pay the monthly price per farm, plus taxes where the law requires them.',
        },
      },
    },
  },

  terms: {
    title: 'Terms and Conditions',
    intro:
      'These are the terms for using Murimi, in plain language. They explain what we provide, what you can expect from us and what remains your responsibility.',
    contents: 'Contents',
    sections: {
      about: {
        title: 'About these terms',
        body: {
          accept:
            'These terms apply when you use Murimi, our website and app for satellite crop monitoring and farm advice. By creating an account or using the service, you accept them.',
          organisation:
            'If you use Murimi for an organisation, such as a co-op, NGO or government programme, you accept these terms on its behalf and confirm that you are allowed to do so.',
          parties: 'In these terms, “we” and “us” means the provider of Murimi, and “you” means the person or organisation using it.',
        },
      },
      service: {
        title: 'The service',
        body: {
          what: 'Murimi lets you map your farms and fields and shows crop health from satellite images (NDVI, NDWI, NDRE and LAI). It gives irrigation and fertilizer advice, weather and pest alerts, SMS alerts, soil test records and reports with PDF export. Organisations on the NGO & Bulk plan also get bulk reporting and funder dashboards.',
          changes:
            'We keep improving Murimi and may add, change or remove features. If we remove an important feature of a plan you pay for, we will tell you in advance.',
        },
      },
      account: {
        title: 'Your account',
        body: {
          details:
            'You need an account to use Murimi. Give accurate details, keep your password to yourself, and tell us straight away if you think someone else has used your account.',
          responsible:
            'You are responsible for what is done with your account. You must be old enough to enter into a contract in your country.',
        },
      },
      data: {
        title: 'Your data stays yours',
        body: {
          ownership:
            'The information you put into Murimi belongs to you: field boundaries, crops, planting dates, soil tests, applications, notes and records. You allow us to store and process it only to run the service for you, including analyses, alerts and reports.',
          sharing:
            'We do not sell your data. We share it only when you ask us to, for example when you send a report or join a programme, or when the law requires it.',
          programmes:
            'If your farm is part of a programme run by a co-op, NGO or government body, that organisation can see the data of your farm that the programme uses, as agreed when you joined it.',
          anonymised:
            'We may use data in combined, anonymised form that cannot identify you or your farm, to improve our analyses and advice.',
          copy: 'You can download your reports at any time and ask us for a copy of your data.',
        },
      },
      advice: {
        title: 'Advice is decision support, not a guarantee',
        body: {
          estimates:
            'Analyses, recommendations, alerts and forecasts in Murimi are estimates made from satellite images, weather data, the details you enter and agronomic rules. They help you decide. They do not replace your own judgement, a visit to the field, or the advice of an agronomist or extension officer.',
          responsibility:
            'You remain responsible for the decisions you make on your farm, including what, when and how much you plant, irrigate, fertilize or spray. Always follow the label of any product you apply and the rules that apply to you.',
          claims:
            'Figures we publish, such as up to 22% higher yield or 30% lower water use, are what we aim for on well-managed fields. They are not promised results: results depend on your farm, the season and your practices.',
        },
      },
      limits: {
        title: 'Limits of satellite and weather data',
        body: {
          clouds:
            'Satellites cannot see through cloud. In cloudy weather, especially in the rainy season, there may be no new image for longer than the usual 5–10 days.',
          resolution:
            'Each reading covers a square of 10–30 m, so small patches, field edges and narrow features may not show. Fields smaller than 0.5 ha cannot be analysed reliably.',
          sources:
            'Weather forecasts can be wrong, and data from satellite operators and weather services can be late or missing for reasons outside our control.',
          offline:
            'Changes you make while offline are kept on your device and sent when you reconnect. Until then they exist only on that device.',
        },
      },
      payment: {
        title: 'Free trial, prices and payment',
        body: {
          trial:
            'New accounts get a free 30-day trial with all features. No credit card is needed, and nothing is charged during or after the trial unless you choose a paid plan.',
          prices:
            'Prices are shown on the pricing page in US dollars per farm per month. There are no setup fees. Taxes are added where the law requires them.',
          billing:
            'Fees are paid in advance for each month. If a payment fails we will tell you, and we may pause paid features until it is settled. We will not delete your data because of a late payment.',
          changes:
            'We may change our prices. We will tell you at least 30 days before a new price applies to you, so you can cancel first if you wish.',
        },
      },
      cancellation: {
        title: 'Cancelling',
        body: {
          anytime:
            'You can cancel at any time, without a fee. Your plan continues to the end of the month you have already paid for and is then not renewed. We do not refund part-months, unless the law requires it.',
          ours: 'We may suspend or close an account that seriously or repeatedly breaks these terms, for example through misuse or non-payment, after warning you where that is reasonable.',
        },
      },
      retention: {
        title: 'How long we keep your data',
        body: {
          keep: 'While your account is open, we keep your field history for 5 years or more, so you can compare seasons.',
          close:
            'Before you close your account, you can download your reports. You can ask us to delete your data; we will then delete it, except what the law requires us to keep, such as invoices.',
        },
      },
      use: {
        title: 'Fair use',
        body: {
          rules:
            'Please do not use Murimi to break the law, try to get into other people’s accounts or data, disrupt or overload the service, copy it by automated means, or resell it without our written agreement.',
        },
      },
      availability: {
        title: 'Availability',
        body: {
          target:
            'We aim for 99.9% uptime and responses under 2 seconds, but we cannot promise that the service will always be available or free of errors.',
          maintenance: 'We sometimes need short maintenance breaks. Where we can, we announce them in advance.',
        },
      },
      liability: {
        title: 'Limits of our liability',
        body: {
          care: 'We provide Murimi with reasonable care and skill.',
          decisions:
            'Because advice is decision support and depends on data outside our control, we are not liable for crop losses, lower yields or input costs resulting from decisions made on the farm, or for losses caused by cloud cover, forecast errors or connection problems.',
          cap: 'As far as the law allows, our total liability to you for any claim is limited to the fees you paid us in the 12 months before the claim.',
          rights:
            'Nothing in these terms takes away rights you have under consumer protection law that cannot be excluded, or limits our liability for fraud, or for death or injury caused by our negligence.',
        },
      },
      changes: {
        title: 'Changes to these terms',
        body: {
          notice:
            'We may update these terms when the service or the law changes. We will tell you about important changes by e-mail or in the app before they apply.',
          choice:
            'If you do not agree with a change, you may cancel before it takes effect. If you keep using Murimi, the new terms apply.',
        },
      },
      contact: {
        title: 'Contact',
        body: {
          how: 'Questions about these terms, your data or your account? Write to us or call us using the e-mail address and phone number at the bottom of this page.',
        },
      },
    },
  },
} as const;
