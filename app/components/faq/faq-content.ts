/**
 * The FAQ page as data, topics in their fixed order. Answers
 * are plain language; texts in single quotes are the exact labels used in the
 * app so people can find the buttons they read about.
 */

export interface FaqItem {
  /** Stable anchor id (/faq#<id> opens and scrolls to the question). */
  id: string;
  question: string;
  /** One paragraph per entry. */
  answer: string[];
}

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: "what-is-savepoint",
    question: "What is Savepoint?",
    answer: [
      "Savepoint is a place to keep track of the video games you play. You can rate games from 1 to 10, write reviews, keep a Top 5 of your favourites and see what other players think.",
      "It is open-source software, so anyone can run their own copy of it.",
    ],
  },
  {
    id: "who-is-it-for",
    question: "Who is Savepoint for?",
    answer: [
      "Anyone who plays games: people who want a diary of what they have played, people who like writing reviews, and people looking for their next game through players with a similar taste.",
    ],
  },
  {
    id: "do-i-need-an-account",
    question: "Do I need an account? Does it cost anything?",
    answer: [
      "You can browse games, reviews and profiles without an account. To log games, rate, review, like, comment or follow people you need one.",
      "An account is free.",
    ],
  },
  {
    id: "logging-a-game",
    question: "How do I log a game?",
    answer: [
      "Search for the game, open its game page and press 'Write Review'.",
      "In the review form, answer 'Did you finish the game?': answering yes logs the game as finished, answering no logs it as started.",
    ],
  },
  {
    id: "top-5",
    question: "How do I choose my Top 5?",
    answer: [
      "Your Top 5 lives on your profile. You can only pick games you have already reviewed, so rate a game first and it becomes available for your Top 5.",
      "Press 'Edit' on your Top 5 to add games, remove them or drag them into a different order.",
    ],
  },
  {
    id: "writing-reviews",
    question: "How do I write a review?",
    answer: [
      "Open the game's page and press 'Write Review'. Give a rating from 1 to 10, say whether you recommend the game and whether you finished it, and add some words if you like — the text is optional.",
      "Press 'Publish Review' and it appears on the game page and your profile.",
    ],
  },
  {
    id: "finding-games",
    question: "How do I find games?",
    answer: [
      "Press the 'Explore Games' button on the home page to browse the catalogue, or type a title into the search bar at the top of any page.",
    ],
  },
  {
    id: "editing-reviews",
    question: "Can I edit or delete a review?",
    answer: [
      "Yes. On the game's page the button now reads 'Edit Review'. Change what you want and press 'Update Review' to save.",
      "To delete the review, press the red trash button in the review form and confirm.",
    ],
  },
  {
    id: "following",
    question: "How do I follow other players?",
    answer: [
      "Open someone's profile and press 'Follow'. The button changes to 'Following', and their reviews and activity show up for you. Press it again to unfollow.",
    ],
  },
  {
    id: "mobile-app",
    question: "Is there a mobile app?",
    answer: [
      "No, there is no mobile app. The website is responsive: it works on phones, tablets and computers, so just open it in your browser.",
    ],
  },
  {
    id: "feedback",
    question: "How can I give feedback or report a problem?",
    answer: [
      "Savepoint is in an alpha test, and feedback is very welcome. Send it to the alpha test contact — see the Contact Us page below.",
    ],
  },
];
