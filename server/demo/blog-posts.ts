import type { IllustrationName } from './illustrations.ts'

/** The demo blog: news a tutoring programme would really publish. Dates are days before the seed runs. */
export interface DemoBlogPost {
  slug: string
  title: string
  excerpt: string
  bodyHtml: string
  /** Its alt text and caption are the illustration's, in the library. */
  cover: IllustrationName
  authorName: string
  /** null: a draft, which must never appear on the public site. */
  daysAgo: number | null
}

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'reading-circle-opens-at-northgate-library',
    title: 'Our new Reading Circle opens at Northgate Library',
    excerpt: 'Every Saturday morning, children aged five to nine can now share stories with a TEC tutor at Northgate Library. Places are free and no booking is needed for the first session.',
    cover: 'library-launch',
    authorName: 'Priya Shah',
    daysAgo: 12,
    bodyHtml: `
<p>Last Saturday, thirty-one children and almost as many parents and grandparents squeezed into the children's corner of Northgate Library for the first TEC Reading Circle. By the end of the morning we had read four picture books, acted out one of them twice, and signed up twenty-two families for the weeks ahead.</p>
<h2>What happens at a Reading Circle</h2>
<p>Each session lasts an hour and follows the same simple pattern, so that even the shyest readers know what comes next:</p>
<ul>
<li><strong>Story time (15 minutes):</strong> a tutor reads a picture book aloud, stopping to ask what might happen next.</li>
<li><strong>Reading in pairs (25 minutes):</strong> children read a levelled book with a tutor or volunteer, at their own pace.</li>
<li><strong>Word games (10 minutes):</strong> rhyming, sound-spotting and a round of our favourite, "silly sentences".</li>
<li><strong>Choosing time (10 minutes):</strong> every child leaves with a library book picked by them, not for them.</li>
</ul>
<p>The circle is run by two qualified tutors from our <a href="/courses/early-reading-and-phonics">Early Reading and Phonics</a> team, supported by trained volunteers. All of them hold an enhanced DBS check.</p>
<h2>Why a library?</h2>
<p>Libraries are warm, free and open at weekends, and many families tell us they had not been inside one for years. Holding the circle among the shelves means that borrowing a book becomes a habit rather than an errand. The library team have been wonderful partners: they have extended the children's loan limit for circle members and set aside a shelf of books matched to the phonics phases we teach.</p>
<blockquote>"My son asked on Sunday morning whether it was Reading Circle day again. That has never happened with anything to do with reading." – a parent at the first session</blockquote>
<h2>How to join</h2>
<p>The Reading Circle meets every Saturday from 10:00 to 11:00 during term time, at Northgate Library, 4 Market Street. It is free, funded by the council's community learning fund. For the first visit you can simply turn up; after that we ask families to register so that we can match each child with the right books.</p>
<p>If your child finds reading hard, or you would like some ideas for reading together at home, our tutors stay on for half an hour after each session to talk. You can also <a href="/contact-us">send us a message</a> and we will call you back.</p>
<p>We hope to open two more circles, in Eastfield and Hollins Cross, before the summer. If you work at a library or community centre and would like one near you, write to <a href="mailto:hello@tec.example">hello@tec.example</a>.</p>`,
  },
  {
    slug: 'exam-season-tips-for-parents',
    title: 'Exam season: how parents can help without becoming the revision police',
    excerpt: 'Our tutors share what actually helps teenagers in the weeks before GCSEs and A-levels, from a realistic timetable to the value of a proper breakfast.',
    cover: 'exam-desk',
    authorName: 'Daniel Okafor',
    daysAgo: 31,
    bodyHtml: `
<p>Every spring our tutors hear the same question from parents: "How much should I be pushing?" The honest answer is that most teenagers already feel the pressure. What they need from home is structure, calm and the occasional snack, not a second head of year. Here is what we have learned from working with hundreds of families through exam season.</p>
<h2>Build the timetable together</h2>
<p>A revision plan that a young person has helped to write is one they are far more likely to follow. Sit down together once, with the exam timetable, and agree:</p>
<ol>
<li>Which subjects need the most time, based on mock results rather than guesswork.</li>
<li>Short, focused blocks of 30 to 45 minutes, with real breaks in between.</li>
<li>At least one evening a week, and part of every weekend, with no revision at all.</li>
<li>A regular time for past papers, which are the single most useful thing to practise.</li>
</ol>
<p>Pin the plan somewhere visible and then, as far as possible, leave it alone. Asking "have you done your revision?" five times a day rarely produces more revision.</p>
<h2>Practise retrieval, not re-reading</h2>
<p>Highlighting a textbook feels productive but does little. What works is trying to remember: flashcards, self-quizzing, explaining a topic out loud, and timed questions from past papers. You can help by being the audience. Ask your teenager to teach you how photosynthesis works, or why the Treaty of Versailles mattered. You do not need to know the answer; they will soon discover whether they do.</p>
<h2>Look after the basics</h2>
<ul>
<li><strong>Sleep</strong> matters more than a late-night cram. Memory is consolidated overnight.</li>
<li><strong>Breakfast</strong> on exam days, even a small one, helps concentration through a two-hour paper.</li>
<li><strong>Phones</strong> out of the bedroom at night is one rule worth negotiating.</li>
<li><strong>Movement</strong>: a walk or a kickabout between revision blocks is time well spent.</li>
</ul>
<h2>When to get extra help</h2>
<p>If one subject is causing real anxiety, a few targeted sessions can make a big difference. Our <a href="/courses/gcse-maths-revision">GCSE Maths Revision</a> course runs at home or online, and our tutors focus on the topics that carry the most marks. The exam boards publish past papers and mark schemes for free; the <a href="https://www.gov.uk/government/organisations/ofqual">Ofqual website</a> explains how grading works this year.</p>
<p>Above all, remind your teenager that an exam is a snapshot of one morning, not a verdict on who they are. The calmest households tend to produce the calmest candidates.</p>`,
  },
  {
    slug: 'meet-the-tutor-amina-hassan',
    title: 'Meet the tutor: Amina Hassan, chemistry with a smile',
    excerpt: 'Amina has tutored A-level chemistry with TEC for four years, at kitchen tables and on screen. We asked her what makes a good lesson and why she still loves titrations.',
    cover: 'science-experiment',
    authorName: 'Grace Whitfield',
    daysAgo: 56,
    bodyHtml: `
<p>Amina Hassan joined TEC in her final year of a chemistry PhD, intending to tutor "for a term or two". Four years and more than ninety students later, she leads our A-level chemistry team and trains new tutors in how to explain the subject's trickiest ideas. We caught up with her between lessons.</p>
<h2>How did you start tutoring?</h2>
<p>"A friend's younger brother was struggling with organic chemistry and his teacher had left mid-year. I went round once a week with a bag of molecular model kits. By Easter he was drawing reaction mechanisms for fun, which I took as a sign. I applied to TEC the following September."</p>
<h2>What does a typical session look like?</h2>
<p>"Every lesson starts with five minutes of questions from last time, because remembering is what moves knowledge into the long-term store. Then we tackle one topic properly, usually with a worked example, then one they do with me, then one they do alone. We finish with an exam question. Online, I use a shared whiteboard and students photograph their working; at home, we use the kitchen table and a lot of scrap paper."</p>
<h2>Which topics cause the most trouble?</h2>
<ul>
<li>Moles and calculations, usually because of a shaky grasp of ratios from GCSE.</li>
<li>Organic mechanisms, where students try to memorise arrows instead of understanding electrons.</li>
<li>Equilibria and the dreaded Le Chatelier questions.</li>
</ul>
<p>"The good news is that all three become much easier once the foundations are secure. I often spend the first few lessons quietly fixing GCSE gaps."</p>
<h2>What do you enjoy most?</h2>
<p>"The moment a student says 'oh, is that all it is?' Chemistry has a reputation for being hard, and parts of it are, but most of it is a small number of big ideas applied again and again. Seeing a student realise that is the best part of the job. That, and titrations. I will always love a good titration."</p>
<blockquote>"Amina never made me feel stupid for asking the same question twice. I went from a D in my mocks to an A in the summer." – Josh, former student</blockquote>
<p>Amina tutors through our <a href="/courses/a-level-chemistry-tutoring">A-level Chemistry Tutoring</a> course, at home in north London and online anywhere in the UK.</p>`,
  },
  {
    slug: 'a-year-with-st-marys-primary',
    title: "A year with St Mary's Primary: what changed in reading and maths",
    excerpt: "Twelve months ago TEC tutors began working alongside teachers at St Mary's Primary. The school's results, and the pupils' confidence, tell a story worth sharing.",
    cover: 'classroom',
    authorName: 'Helen Carter',
    daysAgo: 87,
    bodyHtml: `
<p>When St Mary's Church of England Primary School asked us to help last spring, its leaders were candid. Too many pupils were leaving Year 6 below the expected standard in reading and maths, and the gaps had widened since the pandemic. The school had tutoring funding but no time to recruit and train tutors of its own. A year on, we have looked at the results together.</p>
<h2>What we did</h2>
<p>Three TEC tutors now spend four mornings a week at St Mary's. Working with class teachers, they:</p>
<ul>
<li>run small-group sessions of three pupils, three times a week, in reading and in maths;</li>
<li>follow the class's own scheme of work, so tutoring reinforces lessons rather than competing with them;</li>
<li>share a short note with the teacher after every session, flagging who is ready to move on;</li>
<li>meet parents each term to show them how to support the same skills at home.</li>
</ul>
<h2>What changed</h2>
<p>The school's own assessments show clear progress. Of the 48 pupils tutored across Years 4 to 6:</p>
<ol>
<li>35 are now working at the expected standard in reading, up from 19 in September;</li>
<li>31 are at the expected standard in maths, up from 17;</li>
<li>attendance among tutored pupils rose by three percentage points, a change the school puts down to pupils "not wanting to miss their group".</li>
</ol>
<p>Numbers only tell part of the story. Teachers describe pupils who now volunteer answers in class, and who talk about "my tutor" with real pride.</p>
<blockquote>"The tutors feel like part of our staff. They know the children, they know our curriculum, and the children know that someone is in their corner." – Mrs Okonjo, headteacher</blockquote>
<h2>What we learned</h2>
<p>Three things made the difference: consistent tutors who stay with the same pupils all year; groups small enough that nobody can hide; and constant, informal contact with class teachers. None of it is complicated, but all of it takes planning.</p>
<p>Our <a href="/courses/ks2-sats-booster">KS2 SATs Booster</a> programme builds on this model. If your school would like to talk about a partnership, visit <a href="/tec-in-every-school">TEC in every school</a> or see the Department for Education's <a href="https://www.gov.uk/government/publications/school-led-tutoring-grant">guidance on school-led tutoring</a>.</p>`,
  },
  {
    slug: 'online-lessons-reach-rural-learners',
    title: 'Online lessons reach learners in the Dales',
    excerpt: 'For families an hour from the nearest tutor, a laptop and a good connection now bring weekly lessons home. Here is how our online programme works for rural learners.',
    cover: 'video-lesson',
    authorName: 'Rhys Morgan',
    daysAgo: 118,
    bodyHtml: `
<p>Ask a parent in upper Wharfedale how far it is to the nearest maths tutor and you will often hear a figure in miles and a sigh. Long journeys, infrequent buses and winter roads mean that after-school tutoring, which many families in towns take for granted, is simply out of reach. Since January, TEC Online has been changing that for forty-three learners across the Yorkshire Dales.</p>
<h2>How it works</h2>
<p>Every learner is matched with one tutor who stays with them all year. Lessons happen on a simple, secure video platform that runs in a web browser, with no software to install. During each lesson:</p>
<ul>
<li>tutor and learner share a digital whiteboard, so working can be seen as it is written;</li>
<li>learners can photograph work from their exercise books and drop it straight into the lesson;</li>
<li>lessons are never recorded, and parents are welcome to sit in at any time.</li>
</ul>
<h2>Making sure nobody is left out</h2>
<p>Online tutoring only works if the technology does. Before the first lesson, our coordinator runs a short connection check with every family. Where broadband is unreliable, we have lent eleven 4G routers, and where there is no suitable device we lend a refurbished laptop for the year, donated through a partnership with a local IT recycling charity.</p>
<h2>What families say</h2>
<blockquote>"Ellie used to lose two hours a week in the car for one hour of tutoring. Now she has her lesson at the kitchen table and is back out helping with the lambs twenty minutes later." – a parent near Kettlewell</blockquote>
<p>Early results are encouraging: in a survey at half term, 39 of 43 learners said they felt more confident in their subject, and every family said they would recommend the lessons to a neighbour.</p>
<h2>Join in</h2>
<p>TEC Online offers lessons in maths, English, the sciences and coding, for ages seven to eighteen and for adults. Lessons cost £24 an hour, and means-tested bursaries cover the full cost for families on a low income. Read more on the <a href="/tec-online">TEC online</a> page, or try our <a href="/courses/coding-for-beginners">Coding for Beginners</a> course, which many of our Dales learners started with.</p>`,
  },
  {
    slug: 'homework-club-turns-one',
    title: 'Homework Club turns one',
    excerpt: 'A year ago we opened our doors at Eastfield Community Centre with six children and a box of pencils. Now sixty learners come every week.',
    cover: 'community-hall',
    authorName: 'Grace Whitfield',
    daysAgo: 150,
    bodyHtml: `
<p>The first Homework Club at Eastfield Community Centre had six children, two tutors, one plate of biscuits and a box of pencils that, we later discovered, had no sharpener. A year on, sixty children and young people come along across three evenings a week, and the biscuits now have their own budget line.</p>
<h2>Why a homework club?</h2>
<p>Many children have nowhere quiet to work at home, or nobody free to help when they get stuck. The club gives them a warm room, a table, a reliable internet connection and an adult who can explain what the teacher meant. It is free, and nobody needs to be referred: children simply come.</p>
<h2>A typical evening</h2>
<p>Doors open at a quarter to four, and the first half hour is always the busiest. Younger children settle at the long table near the window with a tutor who reads spellings, checks times tables and helps with reading logs. Secondary students take the quieter room at the back, where laptops and a printer wait for coursework and online homework. At five o'clock everyone stops for toast and juice, and the last half hour is for finishing off, or for a game of chess for those who already have. Parents collecting their children often stay for a chat, and several now volunteer themselves.</p>
<h2>A year in numbers</h2>
<ul>
<li>142 different children and young people have come at least once.</li>
<li>60 come every week, from Year 3 to Year 11.</li>
<li>14 volunteers, most of them university students, help our tutors.</li>
<li>3 partner schools now send homework lists so we can plan ahead.</li>
</ul>
<h2>What comes next</h2>
<p>From September the club will open on Thursdays too, with a quieter room for GCSE students revising for exams. We are also looking for more volunteers, especially people confident in maths. Volunteers receive training and a DBS check, and it is a wonderful way to spend two hours a week.</p>
<p>Find the times on our <a href="/courses/homework-club">Homework Club</a> page, or <a href="/contact-us">get in touch</a> to volunteer.</p>`,
  },
  {
    slug: 'summer-school-2026-plans',
    title: 'Summer school 2026: early plans',
    excerpt: 'A first look at the summer school we are planning for next year. Not ready to share yet.',
    cover: 'celebration',
    authorName: 'Priya Shah',
    daysAgo: null,
    bodyHtml: `
<p>We are planning a two-week summer school for learners moving from primary to secondary school, with mornings of English and maths and afternoons of science, sport and art.</p>
<h2>Still to decide</h2>
<ul>
<li>Which venue, and whether we can run a second site in Eastfield.</li>
<li>How many funded places the council grant will cover.</li>
</ul>
<p>Draft for the team: do not publish until the venue is confirmed.</p>`,
  },
]
