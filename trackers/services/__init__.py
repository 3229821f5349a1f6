"""What the app does with games apart from playing them: storage, game files, results, history, live and
LAN games, the CLI. They reach the games through the kit only."""
